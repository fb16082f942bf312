import { PDFDict, PDFDocument, PDFName, PDFString, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import { embedDejaVu } from '../pdf/fonts.js'
import { formatCode } from './code.js'
import { CERTIFICATE_LABELS, type CertificateLocale } from './labels.js'
import { templateKind } from './template.js'

/** What a certificate states. */
export interface CertificateContent {
  learner: string
  course: string
  hours: number | null
  issuedAt: Date
  code: string
  /** `<origin>/certificates/verify/<code>`: printed and encoded in the QR code. */
  verifyUrl: string
  locale: CertificateLocale
  /**
   * The certificate's Open Badges 3.0 credential, attached to the PDF as two files (the VC-JWT, which
   * verifies, and its JSON to read) and named in the document's metadata. Absent: nothing attached.
   */
  credential?: { id: string; jwt: string; json: string }
}

/** The names of the attached credential files, and the Info key naming the credential. */
export const CREDENTIAL_FILES = { jwt: 'open-badge-credential.jwt', json: 'open-badge-credential.json' } as const
export const CREDENTIAL_INFO_KEY = 'OpenBadgeCredential'

/** A4 landscape, in PDF points. */
const A4 = { width: 841.89, height: 595.28 }
const INK = rgb(0.13, 0.15, 0.2)
const MUTED = rgb(0.35, 0.38, 0.45)
const ACCENT = rgb(0.11, 0.3, 0.6)

/**
 * The page to draw on: the first page of a PDF template (its other pages dropped), a new A4 landscape
 * page with an image template as its background, or a blank page framed by the default design.
 * A template that cannot be read falls back to the default design rather than refusing the learner.
 */
async function startDocument(template: Uint8Array | null): Promise<{ doc: PDFDocument; page: PDFPage; designed: boolean }> {
  const kind = templateKind(template)
  if (kind === 'pdf') {
    try {
      const doc = await PDFDocument.load(template!, { updateMetadata: false })
      if (doc.getPageCount() > 0) {
        for (let i = doc.getPageCount() - 1; i > 0; i--) doc.removePage(i)
        return { doc, page: doc.getPage(0), designed: true }
      }
    } catch {
      // Unreadable or encrypted: the default design below.
    }
  }
  const doc = await PDFDocument.create()
  const page = doc.addPage([A4.width, A4.height])
  if (kind === 'png' || kind === 'jpg') {
    try {
      const image = kind === 'png' ? await doc.embedPng(template!) : await doc.embedJpg(template!)
      // Cover the page, centred; what overflows is cut by the page's edges.
      const scale = Math.max(A4.width / image.width, A4.height / image.height)
      const w = image.width * scale
      const h = image.height * scale
      page.drawImage(image, { x: (A4.width - w) / 2, y: (A4.height - h) / 2, width: w, height: h })
      return { doc, page, designed: true }
    } catch {
      // A damaged image: the default design.
    }
  }
  return { doc, page, designed: false }
}

/** Draws a frame and rule for the certificate without a template. */
function drawDefaultDesign(page: PDFPage) {
  const { width, height } = page.getSize()
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ACCENT, borderWidth: 3 })
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: ACCENT, borderWidth: 0.75 })
}

/** The largest size up to `size` (in steps of 0.5) at which `text` fits `maxWidth`: widths grow in proportion to the size. */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number, min = 9): number {
  const perPoint = font.widthOfTextAtSize(text, 1)
  let s = size
  while (s > min && perPoint * s > maxWidth) s -= 0.5
  return s
}

function centred(page: PDFPage, text: string, o: { y: number; font: PDFFont; size: number; color?: ReturnType<typeof rgb>; maxWidth: number }) {
  const size = fitSize(o.font, text, o.size, o.maxWidth)
  const width = o.font.widthOfTextAtSize(text, size)
  page.drawText(text, { x: (page.getWidth() - width) / 2, y: o.y, size, font: o.font, color: o.color ?? INK })
}

/**
 * Breaks `text` into at most `maxLines` lines of `maxWidth` at the largest size up to `size` where it
 * fits (long course names take two or three lines instead of shrinking to nothing).
 */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number, maxLines = 3, min = 9): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean)
  // Widths at size 1, each text laid out once (they grow in proportion to the size).
  const perPoint = new Map<string, number>()
  const widthAt = (t: string, s: number) => {
    let w = perPoint.get(t)
    if (w === undefined) perPoint.set(t, (w = font.widthOfTextAtSize(t, 1)))
    return w * s
  }
  for (let s = size; ; s -= 0.5) {
    const lines: string[] = []
    for (const word of words) {
      const last = lines[lines.length - 1]
      if (last !== undefined && widthAt(`${last} ${word}`, s) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`
      else lines.push(word)
    }
    const fits = lines.length <= maxLines && lines.every((l) => widthAt(l, s) <= maxWidth)
    if (fits || s <= min) return { lines: lines.length <= maxLines ? lines : [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')], size: s }
  }
}

/**
 * The certificate PDF: the template's first page (or the image template as background, or the default
 * design) with the learner's name, the course, its hours, the issue date, the verification code and a
 * QR code of the verification address.
 */
export async function renderCertificate(content: CertificateContent, template: Uint8Array | null): Promise<Uint8Array> {
  const labels = CERTIFICATE_LABELS[content.locale]
  const { doc, page, designed } = await startDocument(template)
  const { regular, bold } = await embedDejaVu(doc)
  if (!designed) drawDefaultDesign(page)

  const { width, height } = page.getSize()
  // Positions scale with the page so templates of any size get the same composition.
  const u = height / A4.height
  const maxWidth = width * 0.8
  const date = new Intl.DateTimeFormat(labels.tag, { dateStyle: 'long', timeZone: 'UTC' }).format(content.issuedAt)

  // A column of centred lines from the top; a long course name takes up to three lines.
  let y = height * 0.78
  const line = (text: string, font: PDFFont, size: number, gapAfter: number, color?: ReturnType<typeof rgb>) => {
    centred(page, text, { y, font, size, color, maxWidth })
    y -= gapAfter
  }
  line(labels.title, bold, 30 * u, height * 0.1, ACCENT)
  line(labels.awardedTo, regular, 14 * u, height * 0.09, MUTED)
  line(content.learner, bold, 28 * u, height * 0.08)
  line(labels.forCompleting, regular, 14 * u, height * 0.08, MUTED)
  const course = wrapText(bold, content.course, 22 * u, maxWidth)
  for (const l of course.lines) line(l, bold, course.size, course.size * 1.25)
  y -= height * 0.07 - course.size * 1.25
  if (content.hours !== null) {
    const hours = new Intl.NumberFormat(labels.tag, { maximumFractionDigits: 2 }).format(content.hours)
    const one = new Intl.PluralRules(labels.tag).select(content.hours) === 'one'
    line(labels.hours(hours, one), regular, 13 * u, height * 0.06)
  }
  line(labels.issuedOn(date), regular, 12 * u, 0, MUTED)

  // The code and its QR code in the lower right corner, the address to check it beside them.
  const qrSize = 88 * u
  const margin = 48 * u
  // Four pixels a module: the edges fall on pixel edges, so it prints sharp at any size, and the
  // image stays small to encode and embed.
  const png = await QRCode.toBuffer(content.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 })
  const qr = await doc.embedPng(png)
  const qrX = width - margin - qrSize
  page.drawRectangle({ x: qrX - 4 * u, y: margin - 4 * u, width: qrSize + 8 * u, height: qrSize + 8 * u, color: rgb(1, 1, 1) })
  page.drawImage(qr, { x: qrX, y: margin, width: qrSize, height: qrSize })
  const textRight = qrX - 12 * u
  const lines: Array<{ text: string; font: PDFFont; size: number }> = [
    { text: labels.code, font: regular, size: 9 * u },
    { text: formatCode(content.code), font: bold, size: 13 * u },
    { text: labels.verify, font: regular, size: 8 * u },
    { text: content.verifyUrl, font: regular, size: 8 * u },
  ]
  const placed = lines.map((line) => {
    const size = fitSize(line.font, line.text, line.size, textRight - margin, 5)
    return { ...line, size, width: line.font.widthOfTextAtSize(line.text, size) }
  })
  // On a template the code sits on a light panel, so it stays legible over any design.
  if (designed) {
    const panelWidth = Math.max(...placed.map((l) => l.width)) + 16 * u
    page.drawRectangle({ x: textRight - panelWidth + 8 * u, y: margin - 4 * u, width: panelWidth, height: qrSize + 8 * u, color: rgb(1, 1, 1), opacity: 0.88 })
  }
  let codeY = margin + qrSize - 12 * u
  for (const l of placed) {
    page.drawText(l.text, { x: textRight - l.width, y: codeY, size: l.size, font: l.font, color: INK })
    codeY -= l.size + 8 * u
  }

  doc.setTitle(`${labels.title} — ${content.course}`)
  doc.setSubject(`${content.learner} · ${formatCode(content.code)}`)
  doc.setCreator('Aula')
  doc.setProducer('Aula')
  if (content.credential) {
    const { id, jwt, json } = content.credential
    const when = { creationDate: content.issuedAt, modificationDate: content.issuedAt }
    await doc.attach(new TextEncoder().encode(jwt), CREDENTIAL_FILES.jwt, {
      mimeType: 'application/vc+jwt',
      description: 'Open Badges 3.0 credential (VC-JWT, EdDSA)',
      ...when,
    })
    await doc.attach(new TextEncoder().encode(json), CREDENTIAL_FILES.json, {
      mimeType: 'application/json',
      description: 'Open Badges 3.0 credential (JSON)',
      ...when,
    })
    doc.setKeywords(['Open Badges 3.0', 'OpenBadgeCredential', 'VC-JWT'])
    // The document information dictionary exists once a title is set (above).
    doc.context.lookup(doc.context.trailerInfo.Info, PDFDict).set(PDFName.of(CREDENTIAL_INFO_KEY), PDFString.of(id))
  }
  return doc.save()
}
