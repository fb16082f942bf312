import { HttpError } from '../../http/http-error.js'

/**
 * Date fields the database can store: a time between the years 1 and 9999 (a valid ISO text may
 * name year 0 or 10000, which PostgreSQL refuses). Adds a field error for any other.
 */
export function checkWhen(errors: Record<string, string>, field: string, value: string | null | undefined): void {
  if (!value) return
  const t = Date.parse(value)
  const year = new Date(t).getUTCFullYear()
  if (Number.isNaN(t) || year < 1 || year > 9999) errors[field] = 'Choose a date between the years 1 and 9999'
}

export const invalid = (errors: Record<string, string>) => new HttpError(400, 'Invalid request', 'VALIDATION', errors)
