export type TemplateKind = 'pdf' | 'png' | 'jpg' | null

/** What a template file is, by its first bytes (the upload's declared type is not trusted). */
export function templateKind(bytes: Uint8Array | null): TemplateKind {
  if (!bytes || bytes.length < 8) return null
  const head = Buffer.from(bytes.subarray(0, 8))
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  if (head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg'
  return null
}
