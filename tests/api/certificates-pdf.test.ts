import { PDFDocument } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { CERTIFICATE_LOCALES, formatCode, newCertificateCode, normalizeCode, renderCertificate, templateKind } from '../../server/certificates/index.js'

const content = {
  learner: 'Jürgen Öztürk',
  course: 'Physik',
  hours: 40,
  issuedAt: new Date('2026-03-05T12:00:00Z'),
  code: 'ABCD2345WXYZ',
  verifyUrl: 'https://aula.example/certificates/verify/ABCD-2345-WXYZ',
  locale: 'gr' as const,
}
const text = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text

describe('certificate codes', () => {
  it('are 12 characters of an alphabet without look-alike letters, and read back however they are typed', () => {
    const codes = new Set(Array.from({ length: 500 }, newCertificateCode))
    expect(codes.size).toBe(500)
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/)
      expect(normalizeCode(formatCode(code).toLowerCase())).toBe(code)
    }
    expect(normalizeCode('abcd-2345-wxyz')).toBe('ABCD2345WXYZ')
    expect(normalizeCode('O1IL 0000 0000')).toBe('0111' + '0'.repeat(8))
    for (const bad of ['', 'ABCD', 'ABCD-2345-WXYU', 'ABCD-2345-WXYZ-0']) expect(normalizeCode(bad)).toBeNull()
  })
})

describe('renderCertificate', () => {
  it('prints the German texts with the date and hours in German format', async () => {
    const out = await text(await renderCertificate(content, null))
    for (const expected of [
      'Teilnahmezertifikat',
      'Jürgen Öztürk',
      'Physik',
      'mit einem Umfang von 40 Stunden',
      'Ausgestellt am 5. März 2026',
      'ABCD-2345-WXYZ',
    ])
      expect(out).toContain(expected)
  })

  it('says "hour" for one hour and "hours" otherwise, in each language', async () => {
    const cases = [
      ['es', 1, 'con una duración de 1 hora'],
      ['es', 1.5, 'con una duración de 1,5 horas'],
      ['eng', 1, 'with a duration of 1 hour'],
      ['eng', 2, 'with a duration of 2 hours'],
      ['gr', 1, 'mit einem Umfang von 1 Stunde'],
      ['it', 1, 'della durata di 1 ora'],
    ] as const
    for (const [locale, hours, expected] of cases) {
      const out = await text(await renderCertificate({ ...content, locale, hours }, null))
      expect(out, `${locale} ${hours}`).toContain(expected)
      expect(out).not.toContain(`${expected}s`)
    }
  })

  it('has a title in every language', async () => {
    for (const locale of CERTIFICATE_LOCALES) {
      const doc = await PDFDocument.load(await renderCertificate({ ...content, locale }, null))
      expect(doc.getTitle()).toContain('Physik')
    }
  })

  it('wraps a long course name onto several lines and keeps every word', async () => {
    const course = Array.from({ length: 40 }, (_, i) => `Wort${i}`).join(' ')
    const out = await text(await renderCertificate({ ...content, course }, null))
    for (let i = 0; i < 40; i++) expect(out).toContain(`Wort${i}`)
  })

  it('recognises templates by their bytes and falls back to the default design for a damaged one', async () => {
    expect(templateKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf')
    expect(templateKind(Buffer.from('89504e470d0a1a0a00', 'hex'))).toBe('png')
    expect(templateKind(Buffer.from('ffd8ffe000104a46', 'hex'))).toBe('jpg')
    expect(templateKind(Buffer.from('<html><body>'))).toBeNull()
    expect(templateKind(null)).toBeNull()
    for (const damaged of [
      Buffer.from('%PDF-1.7 this is not a document at all'),
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.from('just text'),
    ]) {
      const doc = await PDFDocument.load(await renderCertificate(content, damaged))
      expect(doc.getPageCount()).toBe(1)
      expect(doc.getPage(0).getWidth()).toBeGreaterThan(doc.getPage(0).getHeight())
    }
  })
})
