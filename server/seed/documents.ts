import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

/** The demo catalogue's PDF files, made with pdf-lib (WinAnsi fonts cover Spanish accents and ñ). */

const NAVY = rgb(0.114, 0.208, 0.341)
const TEAL = rgb(0.165, 0.616, 0.561)
const GREY = rgb(0.42, 0.46, 0.52)

async function newDocument(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create()
  doc.setTitle(title)
  doc.setLanguage('es-ES')
  doc.setProducer('Aula')
  doc.setCreator('Aula')
  // Fixed dates keep the files the same from one installation to the next.
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  return doc
}

/** Breaks `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = NAVY) {
  page.drawText(text, { x: (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color })
}

/**
 * The certificate template: an A4 landscape page with a frame, the centre's name and a signature
 * line. The rest is left free: the title, the learner's name, the course, hours, date, and the
 * verification code with its QR code in the lower right corner are drawn when a certificate is issued.
 */
export async function certificateTemplatePdf(): Promise<Buffer> {
  const doc = await newDocument('Plantilla de certificado')
  const page = doc.addPage([841.89, 595.28])
  const serif = await doc.embedFont(StandardFonts.TimesRomanBold)
  const sans = await doc.embedFont(StandardFonts.Helvetica)
  const { width, height } = page.getSize()
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: NAVY, borderWidth: 4 })
  page.drawRectangle({ x: 36, y: 36, width: width - 72, height: height - 72, borderColor: TEAL, borderWidth: 1.5 })
  // A band with the centre's name on top; the title and the learner's details are drawn below it.
  page.drawRectangle({ x: 36, y: height - 92, width: width - 72, height: 56, color: rgb(0.95, 0.97, 0.98) })
  centred(page, 'CENTRO DE ESTUDIOS', height - 70, serif, 16, TEAL)
  // The signature on the left: the lower right corner holds the verification code and its QR code.
  page.drawLine({ start: { x: 90, y: 100 }, end: { x: 330, y: 100 }, thickness: 1, color: NAVY })
  const sign = 'Dirección académica'
  page.drawText(sign, { x: 210 - sans.widthOfTextAtSize(sign, 11) / 2, y: 82, size: 11, font: sans, color: GREY })
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

interface Sheet {
  title: string
  intro: string
  sections: Array<{ heading: string; items: string[] }>
  /** Empty boxes to tick (a checklist) or rows to fill in (a planner). */
  style: 'checklist' | 'table'
  /** For a table: the headings of the columns after the first (each gets an empty cell to fill in). */
  columns?: string[]
}

/** A printable one- or two-page handout: a checklist or a table to fill in by hand. */
async function handoutPdf(sheet: Sheet): Promise<Buffer> {
  const doc = await newDocument(sheet.title)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const margin = 56
  let page = doc.addPage([595.28, 841.89])
  let y = page.getHeight() - margin
  const room = (needed: number) => {
    if (y - needed > margin) return
    page = doc.addPage([595.28, 841.89])
    y = page.getHeight() - margin
  }
  const width = page.getWidth() - margin * 2
  for (const line of wrap(sheet.title, bold, 22, width)) {
    page.drawText(line, { x: margin, y: y - 22, size: 22, font: bold, color: NAVY })
    y -= 30
  }
  y -= 6
  for (const line of wrap(sheet.intro, regular, 11, width)) {
    page.drawText(line, { x: margin, y: y - 11, size: 11, font: regular, color: GREY })
    y -= 16
  }
  for (const section of sheet.sections) {
    y -= 14
    room(60)
    page.drawText(section.heading, { x: margin, y: y - 14, size: 14, font: bold, color: TEAL })
    y -= 26
    const columns = sheet.style === 'table' && section.items.every((i) => i.endsWith(':')) ? (sheet.columns ?? []) : []
    const cell = 56
    const firstWidth = width - columns.length * cell
    if (columns.length) {
      columns.forEach((c, i) => page.drawText(c, { x: margin + firstWidth + i * cell + 6, y: y - 10, size: 10, font: bold, color: NAVY }))
      y -= 16
    }
    for (const item of section.items) {
      const lines = wrap(item, regular, 11, width - 28)
      room(lines.length * 15 + 10)
      if (sheet.style === 'checklist') page.drawRectangle({ x: margin, y: y - 11, width: 11, height: 11, borderColor: NAVY, borderWidth: 1 })
      else
        page.drawLine({
          start: { x: margin, y: y - 16 - (lines.length - 1) * 15 },
          end: { x: margin + (columns.length ? firstWidth - 8 : width), y: y - 16 - (lines.length - 1) * 15 },
          thickness: 0.5,
          color: GREY,
        })
      // Each column's cell: a box to write the date of that review in.
      columns.forEach((_, i) =>
        page.drawRectangle({ x: margin + firstWidth + i * cell + 4, y: y - 18, width: cell - 8, height: 16, borderColor: GREY, borderWidth: 0.5 }),
      )
      for (const [i, line] of lines.entries())
        page.drawText(line, { x: margin + (sheet.style === 'checklist' ? 20 : 0), y: y - 10 - i * 15, size: 11, font: regular, color: NAVY })
      y -= lines.length * 15 + (sheet.style === 'checklist' ? 8 : 14)
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

export function firstWeekChecklistPdf(): Promise<Buffer> {
  return handoutPdf({
    title: 'Tu primera semana en el centro',
    intro: 'Imprime esta lista o guárdala en tu dispositivo y marca cada tarea cuando la completes. Te llevará menos de una hora en total.',
    style: 'checklist',
    sections: [
      {
        heading: 'Tu cuenta',
        items: [
          'Inicia sesión y completa tu nombre en Ajustes › Perfil.',
          'Activa la verificación en dos pasos en Ajustes › Seguridad si compartes el ordenador.',
          'Elige el idioma de la plataforma en Ajustes.',
        ],
      },
      {
        heading: 'Tus cursos',
        items: [
          'Busca en el catálogo un curso de tu interés y lee su presentación.',
          'Suscríbete con el plan gratuito y anota la fecha en que termina.',
          'Abre el curso y recorre el índice de secciones para hacerte una idea de su duración.',
        ],
      },
      {
        heading: 'Tu rutina',
        items: [
          'Reserva en tu agenda dos o tres momentos fijos a la semana para estudiar.',
          'Prepara un lugar tranquilo, con buena luz y sin el móvil a mano.',
          'Al terminar cada sesión, escribe en una línea qué has aprendido y qué harás la próxima vez.',
        ],
      },
    ],
  })
}

export function spacedReviewPlannerPdf(): Promise<Buffer> {
  return handoutPdf({
    title: 'Plantilla de repaso espaciado',
    intro:
      'Escribe en cada línea un tema que hayas estudiado hoy. Repásalo al día siguiente, a los 3 días, a la semana y a las dos semanas; marca la fecha de cada repaso al hacerlo.',
    style: 'table',
    columns: ['Día 1', 'Día 3', 'Día 7', 'Día 14'],
    sections: [
      { heading: 'Semana 1', items: ['Tema:', 'Tema:', 'Tema:', 'Tema:', 'Tema:'] },
      { heading: 'Semana 2', items: ['Tema:', 'Tema:', 'Tema:', 'Tema:', 'Tema:'] },
      {
        heading: 'Preguntas para la autoevaluación',
        items: ['¿Qué tres ideas recuerdo sin mirar mis apuntes?', '¿Qué me ha costado más y por qué?', '¿Cómo se lo explicaría a otra persona?'],
      },
    ],
  })
}
