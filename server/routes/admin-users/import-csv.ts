import { parse } from 'csv-parse/sync'
import { IMPORT_MAX_ROWS, type ImportPreviewRow } from '../../../contracts/admin/import.js'
import { isEmail } from '../../identity/context.js'

export interface ParsedFile {
  rows: Omit<ImportPreviewRow, 'exists'>[]
  fileErrors: string[]
}

const COLUMNS = ['email', 'name', 'groups'] as const

/**
 * Reads an import file: a header line naming `email`, `name` and (optionally) `groups`, in any order,
 * separated by commas, semicolons or tabs. Groups inside a field are separated by `;`, `|` or `,`
 * (whichever is not the file's separator). Each row gets its field errors; `knownGroups` are the
 * pool's groups.
 */
export function parseImportFile(text: string, knownGroups: ReadonlySet<string>): ParsedFile {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ','
  let records: Array<{ record: string[]; info: { lines: number } }>
  try {
    records = parse(text, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }) as unknown as typeof records
  } catch (error) {
    const e = error as { message?: string; lines?: number }
    return { rows: [], fileErrors: [`The file is not valid CSV${e.lines ? ` (line ${e.lines})` : ''}: ${e.message ?? 'unreadable'}`] }
  }
  if (records.length === 0) return { rows: [], fileErrors: ['The file is empty'] }
  const header = records[0].record.map((h) => h.trim().toLowerCase())
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>
  const missing = (['email', 'name'] as const).filter((c) => at[c] < 0)
  if (missing.length) return { rows: [], fileErrors: [`The header line must name the columns email, name and groups; missing: ${missing.join(', ')}`] }
  if (records.length - 1 > IMPORT_MAX_ROWS)
    return { rows: [], fileErrors: [`The file has ${records.length - 1} rows; at most ${IMPORT_MAX_ROWS} are imported at once`] }

  const groupSplit = new RegExp(
    `[${[';', '|', ',']
      .filter((s) => s !== delimiter)
      .map((s) => `\\${s}`)
      .join('')}]`,
  )
  const firstLineOf = new Map<string, number>()
  const rows = records.slice(1).map(({ record, info }) => {
    const cell = (i: number) => (i >= 0 ? (record[i] ?? '').trim() : '')
    const email = cell(at.email)
    const name = cell(at.name)
    const groups = [
      ...new Set(
        cell(at.groups)
          .split(groupSplit)
          .map((g) => g.trim())
          .filter(Boolean),
      ),
    ]
    const errors: Record<string, string> = {}
    if (!email) errors.email = 'Required'
    else if (!isEmail(email)) errors.email = 'Not a valid e-mail address'
    else {
      const seen = firstLineOf.get(email.toLowerCase())
      if (seen !== undefined) errors.email = `This address is on line ${seen} already`
      else firstLineOf.set(email.toLowerCase(), info.lines)
    }
    if (!name) errors.name = 'Required'
    else if (name.length > 200) errors.name = 'At most 200 characters'
    const unknown = groups.filter((g) => !knownGroups.has(g))
    if (unknown.length) errors.groups = `Unknown group${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`
    return { line: info.lines, email, name, groups, errors }
  })
  return { rows, fileErrors: [] }
}
