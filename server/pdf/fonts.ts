import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import type { PDFDocument, PDFFont } from 'pdf-lib'

// DejaVu covers the Latin, Greek and Cyrillic letters of every product language (the standard PDF
// fonts only cover Western European letters); the fonts are subset into each document.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
let fontBytes: Promise<[Buffer, Buffer]> | null = null
const loadFonts = () => (fontBytes ??= Promise.all([fs.readFile(path.join(fontDir, 'DejaVuSans.ttf')), fs.readFile(path.join(fontDir, 'DejaVuSans-Bold.ttf'))]))

/**
 * fontkit with each font parsed once per process: pdf-lib asks for a new font object per document,
 * and parsing DejaVu's tables again (and again laying out text with cold tables) was most of a
 * certificate's drawing time. A parsed font is only read from; each document still makes its own subset.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]
const parsed = new Map<Uint8Array, ReturnType<Fontkit['create']>>()
const sharedFontkit: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName)
    let font = parsed.get(bytes)
    if (!font) parsed.set(bytes, (font = fontkit.create(bytes)))
    return font
  },
}

/** DejaVu Sans and DejaVu Sans Bold embedded (subset) in `doc`: what certificates and receipts are written in. */
export async function embedDejaVu(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(sharedFontkit)
  const [regularBytes, boldBytes] = await loadFonts()
  const regular = await doc.embedFont(regularBytes, { subset: true })
  const bold = await doc.embedFont(boldBytes, { subset: true })
  return { regular, bold }
}
