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
 * The certificate template: an A4 landscape page with a frame, the centre's heading and a signature
 * line. The middle is left free: the learner's name, the course, hours, date and the verification
 * code with its QR are drawn there when a certificate is issued.
 */
export async function certificateTemplatePdf(): Promise<Buffer> {
  const doc = await newDocument('Plantilla de certificado')
  const page = doc.addPage([841.89, 595.28])
  const serif = await doc.embedFont(StandardFonts.TimesRomanBold)
  const sans = await doc.embedFont(StandardFonts.Helvetica)
  const { width, height } = page.getSize()
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: NAVY, borderWidth: 4 })
  page.drawRectangle({ x: 36, y: 36, width: width - 72, height: height - 72, borderColor: TEAL, borderWidth: 1.5 })
  page.drawRectangle({ x: 36, y: height - 118, width: width - 72, height: 82, color: rgb(0.95, 0.97, 0.98) })
  centred(page, 'CENTRO DE ESTUDIOS', height - 72, sans, 14, TEAL)
  centred(page, 'Certificado de aprovechamiento', height - 104, serif, 30)
  page.drawLine({ start: { x: width / 2 - 130, y: 110 }, end: { x: width / 2 + 130, y: 110 }, thickness: 1, color: NAVY })
  centred(page, 'Dirección académica', 92, sans, 11, GREY)
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

interface Sheet {
  title: string
  intro: string
  sections: Array<{ heading: string; items: string[] }>
  /** Empty boxes to tick (a checklist) or rows to fill in (a planner). */
  style: 'checklist' | 'table'
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
    for (const item of section.items) {
      const lines = wrap(item, regular, 11, width - 28)
      room(lines.length * 15 + 10)
      if (sheet.style === 'checklist') page.drawRectangle({ x: margin, y: y - 11, width: 11, height: 11, borderColor: NAVY, borderWidth: 1 })
      else page.drawLine({ start: { x: margin, y: y - 16 - (lines.length - 1) * 15 }, end: { x: margin + width, y: y - 16 - (lines.length - 1) * 15 }, thickness: 0.5, color: GREY })
      for (const [i, line] of lines.entries()) page.drawText(line, { x: margin + (sheet.style === 'checklist' ? 20 : 0), y: y - 10 - i * 15, size: 11, font: regular, color: NAVY })
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
    intro: 'Escribe en cada línea un tema que hayas estudiado hoy. Repásalo al día siguiente, a los 3 días, a la semana y a las dos semanas; marca la fecha de cada repaso al hacerlo.',
    style: 'table',
    sections: [
      { heading: 'Semana 1 — tema · día 1 · día 3 · día 7 · día 14', items: ['Tema:', 'Tema:', 'Tema:', 'Tema:', 'Tema:'] },
      { heading: 'Semana 2 — tema · día 1 · día 3 · día 7 · día 14', items: ['Tema:', 'Tema:', 'Tema:', 'Tema:', 'Tema:'] },
      { heading: 'Preguntas para la autoevaluación', items: ['¿Qué tres ideas recuerdo sin mirar mis apuntes?', '¿Qué me ha costado más y por qué?', '¿Cómo se lo explicaría a otra persona?'] },
    ],
  })
}
