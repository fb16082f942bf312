import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'

/** An organisation of the admin catalogue, found by its domain. */
export interface OrganizationRow {
  id: string
  name: string
  domain: string
  logo_path: string | null
}

export async function organizationByDomain(db: Queryable, domain: string): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>('SELECT id, name, domain, logo_path FROM organizations WHERE domain = $1 AND deleted_at IS NULL', [
    domain.toLowerCase(),
  ])
  return rows[0] ?? null
}

export async function organizationById(db: Queryable, id: string): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>('SELECT id, name, domain, logo_path FROM organizations WHERE id = $1 AND deleted_at IS NULL', [id])
  return rows[0] ?? null
}

/** Whether an e-mail address is of the domain exactly (`x@evilacme.example` and `x@sub.acme.example` are not `acme.example`). */
export const emailOfDomain = (email: string, domain: string) => email.toLowerCase().endsWith(`@${domain.toLowerCase()}`)

export interface PersonRow {
  username: string
  email: string
  name: string
  /** lower(email): the paging key with the username. */
  key: string
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The embedded pool's users of a domain (their attributes are in this database), by e-mail, keyset-paged
 * on (lower(email), username); `search` is a part of the name or e-mail, case and accents ignored.
 * Returns `limit + 1` rows at most: the extra one says whether a next page exists.
 */
export async function peopleOfDomain(db: Queryable, domain: string, search: string, limit: number, after: [string, string] | null): Promise<PersonRow[]> {
  const { rows } = await db.query<PersonRow>(
    `SELECT e.username, e.value AS email, COALESCE(n.value, '') AS name, lower(e.value) AS key
       FROM identity_user_attributes e
       LEFT JOIN identity_user_attributes n ON n.username = e.username AND n.name = 'name'
      WHERE e.name = 'email' AND right(lower(e.value), length($1) + 1) = '@' || $1
        AND ($2 = '' OR fold_search(e.value) LIKE '%' || fold_search($2) || '%' OR fold_search(n.value) LIKE '%' || fold_search($2) || '%')
        AND ($3::text IS NULL OR (lower(e.value), e.username) > ($3::text, $4::text))
      ORDER BY lower(e.value), e.username
      LIMIT $5`,
    [domain.toLowerCase(), likeEscape(search), after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  )
  return rows
}

export async function countPeopleOfDomain(db: Queryable, domain: string, search: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM identity_user_attributes e
       LEFT JOIN identity_user_attributes n ON n.username = e.username AND n.name = 'name'
      WHERE e.name = 'email' AND right(lower(e.value), length($1) + 1) = '@' || $1
        AND ($2 = '' OR fold_search(e.value) LIKE '%' || fold_search($2) || '%' OR fold_search(n.value) LIKE '%' || fold_search($2) || '%')`,
    [domain.toLowerCase(), likeEscape(search)],
  )
  return Number(rows[0]?.n ?? 0)
}

/** A subscription holds its person's seat while it is live: not revoked, not expired (on the database's clock). */
const HOLDS_SEAT = `s.revoked_at IS NULL AND s.created_at + make_interval(days => s.duration_days) > now()`

export interface SeatRow {
  course_uuid: string
  course_name: string
  seats: number
  used: number
  revision: number
}

/**
 * The courses an organisation has seats on, with the seats taken: a seat is a person holding a live
 * (neither revoked nor expired) subscription the organisation added, however many times it was renewed.
 */
export async function seatsOf(db: Queryable, organizationId: string): Promise<SeatRow[]> {
  const { rows } = await db.query<SeatRow & { used: string | number }>(
    `SELECT os.course_uuid, c.name AS course_name, os.seats, os.revision,
            (SELECT count(DISTINCT s.user_sub) FROM organization_subscriptions o JOIN subscriptions s ON s.id = o.subscription_id
              WHERE o.organization_id = os.organization_id AND o.course_uuid = os.course_uuid AND ${HOLDS_SEAT}) AS used
       FROM organization_seats os JOIN courses c ON c.uuid = os.course_uuid
      WHERE os.organization_id = $1 AND os.seats > 0
      ORDER BY lower(c.name), os.course_uuid`,
    [organizationId],
  )
  return rows.map((r) => ({ ...r, used: Number(r.used) }))
}

export async function plansOf(db: Queryable, courses: string[]): Promise<Array<{ id: string; course_uuid: string; name: string; duration_days: number }>> {
  if (!courses.length) return []
  const { rows } = await db.query<{ id: string; course_uuid: string; name: string; duration_days: number }>(
    'SELECT id, course_uuid, name, duration_days FROM subscription_plans WHERE course_uuid = ANY($1::uuid[]) ORDER BY duration_days, name, id',
    [courses],
  )
  return rows
}

/**
 * Locks the organisation's seats row of a course (FOR UPDATE: concurrent adds queue here, on any
 * process) and answers its seats, the seats taken, and whether `person` holds one already; null when
 * the organisation has none there.
 */
export async function lockSeats(
  tx: Queryable,
  organizationId: string,
  course: string,
  person: string,
): Promise<{ seats: number; used: number; holds: boolean } | null> {
  const { rows } = await tx.query<{ seats: number }>('SELECT seats FROM organization_seats WHERE organization_id = $1 AND course_uuid = $2 FOR UPDATE', [
    organizationId,
    course,
  ])
  if (!rows[0]) return null
  const used = await tx.query<{ n: string | number; holds: boolean | null }>(
    `SELECT count(DISTINCT s.user_sub) AS n, bool_or(s.user_sub = $3) AS holds
       FROM organization_subscriptions o JOIN subscriptions s ON s.id = o.subscription_id
      WHERE o.organization_id = $1 AND o.course_uuid = $2 AND ${HOLDS_SEAT}`,
    [organizationId, course, person],
  )
  return { seats: rows[0].seats, used: Number(used.rows[0]?.n ?? 0), holds: used.rows[0]?.holds === true }
}

export async function recordOrganizationSubscription(tx: Queryable, subscriptionId: string, organizationId: string, course: string, addedBy: string) {
  await tx.query('INSERT INTO organization_subscriptions (subscription_id, organization_id, course_uuid, added_by) VALUES ($1, $2, $3, $4)', [
    subscriptionId,
    organizationId,
    course,
    addedBy,
  ])
}

/** Every seats row of an organisation, 0 included (the administrators' screen). */
export async function allSeatsOf(db: Queryable, organizationId: string): Promise<SeatRow[]> {
  const { rows } = await db.query<SeatRow & { used: string | number }>(
    `SELECT os.course_uuid, c.name AS course_name, os.seats, os.revision,
            (SELECT count(DISTINCT s.user_sub) FROM organization_subscriptions o JOIN subscriptions s ON s.id = o.subscription_id
              WHERE o.organization_id = os.organization_id AND o.course_uuid = os.course_uuid AND ${HOLDS_SEAT}) AS used
       FROM organization_seats os JOIN courses c ON c.uuid = os.course_uuid
      WHERE os.organization_id = $1
      ORDER BY lower(c.name), os.course_uuid`,
    [organizationId],
  )
  return rows.map((r) => ({ ...r, used: Number(r.used) }))
}

/**
 * Sets the seats of a course: inserts the row (`revision` absent), or updates it when `revision` is the
 * stored one. Returns false on a stale or missing revision (409), or a new row where one exists.
 */
export async function writeSeats(
  tx: Queryable,
  organizationId: string,
  course: string,
  seats: number,
  revision: number | undefined,
  by: string,
): Promise<boolean> {
  if (revision === undefined) {
    const { rows } = await tx.query<{ course_uuid: string }>(
      `INSERT INTO organization_seats (organization_id, course_uuid, seats, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, course_uuid) DO NOTHING RETURNING course_uuid`,
      [organizationId, course, seats, by],
    )
    return rows.length === 1
  }
  const { rows } = await tx.query<{ course_uuid: string }>(
    `UPDATE organization_seats SET seats = $3, revision = revision + 1, updated_by = $5, updated_at = now()
      WHERE organization_id = $1 AND course_uuid = $2 AND revision = $4 RETURNING course_uuid`,
    [organizationId, course, seats, revision, by],
  )
  return rows.length === 1
}

/** Which of these subscriptions an organisation's manager added. */
export async function organizationSubscriptionIds(db: Queryable, organizationId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const { rows } = await db.query<{ subscription_id: string }>(
    'SELECT subscription_id FROM organization_subscriptions WHERE organization_id = $1 AND subscription_id = ANY($2::uuid[])',
    [organizationId, ids],
  )
  return new Set(rows.map((r) => r.subscription_id))
}

/** The learners' completions and certificates of these courses. */
export async function outcomesOf(
  db: Queryable,
  subs: string[],
): Promise<{ completions: Map<string, When>; certificates: Map<string, { code: string; issued_at: When; revoked_at: When | null }> }> {
  const completions = new Map<string, When>()
  const certificates = new Map<string, { code: string; issued_at: When; revoked_at: When | null }>()
  if (!subs.length) return { completions, certificates }
  const c = await db.query<{ user_sub: string; course_uuid: string; completed_at: When }>(
    'SELECT user_sub, course_uuid, completed_at FROM course_completions WHERE user_sub = ANY($1::text[])',
    [subs],
  )
  for (const r of c.rows) completions.set(`${r.user_sub} ${r.course_uuid}`, r.completed_at)
  const k = await db.query<{ user_sub: string; course_uuid: string; code: string; issued_at: When; revoked_at: When | null }>(
    'SELECT user_sub, course_uuid, code, issued_at, revoked_at FROM issued_certificates WHERE user_sub = ANY($1::text[])',
    [subs],
  )
  for (const r of k.rows) certificates.set(`${r.user_sub} ${r.course_uuid}`, r)
  return { completions, certificates }
}
