/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading `= + - @`,
 * tab or carriage return gets a `'` first, so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  const v = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
}

/** One CSV record, CRLF-terminated. */
export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`
