/** The admin course tests' shared setup: the admin API, and rows made straight in its database (courses, plans, subscriptions) or through it (people). */
import { afterAll, beforeAll, expect } from 'vitest'
import { adminApp, type AdminApi } from './admin-helpers.js'

/** The admin API of the calling test file, started before its tests. */
export let api: AdminApi
const DAY = 86_400_000
export const NIL = '00000000-0000-4000-8000-000000000000'

/** Starts the admin API before the calling file's tests and closes it after them. */
export function useAdminCoursesApp() {
  beforeAll(async () => {
    api = await adminApp()
  })
  afterAll(() => api.close())
}

export async function catalogueId(table: string, name: string) {
  const { rows } = await api.db.query<{ id: string }>(`SELECT id FROM ${table} WHERE name = $1`, [name])
  return rows[0]?.id ?? null
}

export async function course(name: string, o: { owner?: string; keywords?: string[]; updatedDaysAgo?: number; deleted?: boolean } = {}) {
  const { rows } = await api.db.query<{ uuid: string }>(
    `INSERT INTO courses (name, details, created_by, keywords, updated_at, deleted_at, status_id)
      VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM statuses WHERE code = 'DRAFT')) RETURNING uuid`,
    [
      name,
      JSON.stringify({ ShortDescription: `About ${name}` }),
      o.owner ?? null,
      o.keywords ?? [],
      new Date(Date.now() - (o.updatedDaysAgo ?? 0) * DAY).toISOString(),
      o.deleted ? new Date().toISOString() : null,
    ],
  )
  return rows[0].uuid
}
export async function plan(courseUuid: string, name = 'Monthly', days = 30, o: { price?: number; archived?: boolean; position?: number } = {}) {
  const { rows } = await api.db.query<{ id: string }>(
    'INSERT INTO subscription_plans (course_uuid, name, duration_days, price, currency, archived_at, position) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [courseUuid, name, days, o.price ?? null, o.price === undefined ? null : 'MXN', o.archived ? new Date().toISOString() : null, o.position ?? 0],
  )
  return rows[0].id
}
export async function subscription(courseUuid: string, user: string, o: { ageDays?: number; days?: number; revoked?: boolean; plan?: string } = {}) {
  const { rows } = await api.db.query<{ id: string }>(
    'INSERT INTO subscriptions (course_uuid, user_sub, plan_name, duration_days, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [
      courseUuid,
      user,
      o.plan ?? 'Monthly',
      o.days ?? 30,
      new Date(Date.now() - (o.ageDays ?? 0) * DAY).toISOString(),
      o.revoked ? new Date().toISOString() : null,
    ],
  )
  return rows[0].id
}
export async function person(email: string, name: string) {
  const res = await api.call('POST', '/api/admin/users/create', { email, name })
  expect(res.statusCode).toBe(201)
  return res.json().Item as { username: string; email: string }
}
