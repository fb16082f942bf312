import {
  CURRENCY_REQUIRED_MESSAGE,
  INVALID_DURATION_MESSAGE,
  MAX_PLAN_DAYS,
  UNKNOWN_CURRENCY_MESSAGE,
  type ChoiceCatalogue,
  type PlanInput,
} from '../../../../../contracts/courses/creator.js'
import type { PlanValues } from '../../../../courses/model/queries.js'
import { HttpError } from '../../../../plugins/errors.js'

/** How the creator routes check and normalise what the builder sends. */

export const CHOICE_LABEL: Record<ChoiceCatalogue, string> = {
  difficulties: 'difficulty',
  categories: 'category',
  organizations: 'organization',
  certificates: 'certificate',
  statuses: 'status',
}
export const CHOICE_FIELDS: Record<string, ChoiceCatalogue> = {
  statusId: 'statuses',
  difficultyId: 'difficulties',
  categoryId: 'categories',
  organizationId: 'organizations',
  certificateId: 'certificates',
}

export const invalid = (errors: Record<string, string>) => new HttpError(400, 'Invalid request', 'VALIDATION', errors)
/** Lower case without diacritics, for matching what people type against names. */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
/** Case-insensitive de-duplication of trimmed, non-empty strings, first spelling kept. */
export function distinct(values: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const v of values.map((s) => s.trim()).filter(Boolean)) {
    const key = v.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(v)
  }
  return out
}

export const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

/** Checks one plan as the screens word it; returns the values to store. */
export function checkPlan(p: PlanInput, i: number, errors: Record<string, string>): PlanValues {
  const name = p.name.trim()
  if (!name) errors[`items.${i}.name`] = 'Required'
  if (!Number.isInteger(p.durationDays) || p.durationDays < 1 || p.durationDays > MAX_PLAN_DAYS) errors[`items.${i}.durationDays`] = INVALID_DURATION_MESSAGE
  const price = p.price === undefined || p.price === null ? null : Math.round(p.price * 100) / 100
  let currency = p.currency ? p.currency.trim().toUpperCase() : null
  if (currency && !CURRENCIES.has(currency)) errors[`items.${i}.currency`] = UNKNOWN_CURRENCY_MESSAGE
  if (price !== null && !currency) errors[`items.${i}.currency`] = CURRENCY_REQUIRED_MESSAGE
  if (price === null) currency = null
  // Each threshold once, largest first (the order the mails come in).
  const reminderDays = p.reminderDays === undefined ? null : [...new Set(p.reminderDays)].sort((a, b) => b - a)
  return { name, durationDays: p.durationDays, price, currency, reminderDays }
}
