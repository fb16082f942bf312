/** A size for people: 5 MB, 730 KB, 12 bytes, in the interface language (1 MB = 1024 KB, as the limits). */
export function formatBytes(bytes: number, lang: string): string {
  const units = [
    ['gigabyte', 1024 ** 3],
    ['megabyte', 1024 ** 2],
    ['kilobyte', 1024],
  ] as const
  for (const [unit, size] of units) {
    if (bytes >= size) return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / size)
  }
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes)
}

const NAMES: Record<string, string> = {
  'image/svg+xml': 'SVG',
  'image/jpeg': 'JPEG',
  'application/x-zip-compressed': 'ZIP',
  'application/zip': 'ZIP',
  'text/html': 'HTML',
}

/** The accepted types as people know them (PNG, JPEG, MP4 …), each once. */
export function typeNames(types: readonly string[]): string[] {
  return [...new Set(types.map((t) => NAMES[t] ?? (t.split('/')[1] ?? t).toUpperCase()))]
}
