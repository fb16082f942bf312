import type { ChartColumn, ChartRow } from './types'

/** Spreadsheets read a leading byte-order mark as "this file is UTF-8", so accents and Cyrillic survive. */
export const CSV_BOM = '\uFEFF'

/**
 * Text a spreadsheet would run as a formula: a cell starting with one of these is prefixed with an
 * apostrophe (OWASP's advice against CSV injection). Numbers are written as numbers and never touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  // RFC 4180: a field holding a comma, a quote or a line break is quoted, and its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The rows as CSV text (RFC 4180: comma-separated, CRLF line ends, a header line of the columns'
 * labels). Values are written raw (numbers with a dot, ISO dates as given), not with the columns'
 * `format`, so a spreadsheet can compute with them. No BOM here: `downloadCsv` adds it to the file.
 */
export function toCsv(rows: readonly ChartRow[], columns: readonly ChartColumn[]): string {
  const lines = [columns.map((c) => cell(c.label)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => cell(row[c.key])).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** The CSV file as the browser will save it: UTF-8 with a byte-order mark. */
export function csvBlob(csv: string): Blob {
  return new Blob([CSV_BOM, csv], { type: 'text/csv;charset=utf-8' })
}

/** Saves `csv` as `<name>.csv` through the browser's download (characters a file system refuses become "_"). */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(csvBlob(csv))
  const link = document.createElement('a')
  link.href = url
  link.download = `${name.replace(/[\\/:*?"<>|]+/g, '_') || 'data'}.csv`
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled: some browsers read the address asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
