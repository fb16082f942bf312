import type { Queryable } from '../db/index.js'
import { normalizeCode } from './code.js'

export interface CertificateRow {
  code: string
  course_uuid: string
  course_version: number
  user_sub: string
  learner_name: string
  course_name: string
  hours: string | number | null
  issued_at: Date | string
  /** Its place in the revocation status list (migration 0030). */
  status_index: number
  revoked_at: Date | string | null
  revoked_by: string | null
  revocation_reason: string | null
}

const COLUMNS =
  'code, course_uuid, course_version, user_sub, learner_name, course_name, hours, issued_at, status_index, revoked_at, revoked_by, revocation_reason'

export async function certificateOf(db: Queryable, userSub: string, course: string): Promise<CertificateRow | null> {
  const { rows } = await db.query<CertificateRow>(`SELECT ${COLUMNS} FROM issued_certificates WHERE course_uuid = $1 AND user_sub = $2`, [course, userSub])
  return rows[0] ?? null
}

/** The certificate of a code as a person may write it (any case, with or without dashes), or null. */
export async function certificateByWrittenCode(db: Queryable, written: string): Promise<CertificateRow | null> {
  const code = normalizeCode(written)
  return code ? certificateByCode(db, code) : null
}

export async function certificateByCode(db: Queryable, code: string): Promise<CertificateRow | null> {
  const { rows } = await db.query<CertificateRow>(`SELECT ${COLUMNS} FROM issued_certificates WHERE code = $1`, [code])
  return rows[0] ?? null
}

/**
 * Inserts the certificate unless the learner already holds one for the course (or, very rarely, the
 * code is taken): the new row, or null when nothing was inserted.
 */
export async function insertCertificate(
  db: Queryable,
  c: { code: string; course: string; version: number; userSub: string; learnerName: string; courseName: string; hours: number | null },
): Promise<CertificateRow | null> {
  const { rows } = await db.query<CertificateRow>(
    `INSERT INTO issued_certificates (code, course_uuid, course_version, user_sub, learner_name, course_name, hours)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [c.code, c.course, c.version, c.userSub, c.learnerName, c.courseName, c.hours],
  )
  return rows[0] ?? null
}

/** The forms of the course the learner has passed (in any published version). */
export async function passedForms(db: Queryable, userSub: string, course: string): Promise<Set<string>> {
  const { rows } = await db.query<{ form_id: string }>('SELECT DISTINCT form_id FROM form_attempts WHERE course_uuid = $1 AND user_sub = $2 AND passed', [
    course,
    userSub,
  ])
  return new Set(rows.map((r) => r.form_id))
}

/** The learner's name as the embedded user pool holds it (name, else e-mail), or null elsewhere. */
export async function poolName(db: Queryable, userSub: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string; value: string }>(
    "SELECT name, value FROM identity_user_attributes WHERE username = $1 AND name IN ('name', 'email')",
    [userSub],
  )
  const by = new Map(rows.map((r) => [r.name, r.value.trim()]))
  return by.get('name') || by.get('email') || null
}

/** The template file of a catalogue certificate design (when the course uses one instead of its own). */
export async function catalogueTemplate(db: Queryable, certificateId: string): Promise<string | null> {
  const { rows } = await db.query<{ template_path: string }>('SELECT template_path FROM certificates WHERE id = $1', [certificateId])
  return rows[0]?.template_path ?? null
}

/**
 * The template file a certificate is drawn on: the one of the course version it was issued from, else
 * the catalogue design that version names (its current file), else null (the default design).
 */
export async function certificateTemplateKey(db: Queryable, row: Pick<CertificateRow, 'course_uuid' | 'course_version'>): Promise<string | null> {
  const { rows } = await db.query<{ template: string | null }>(
    `SELECT COALESCE(v.content->'course'->>'template', c.template_path) AS template
       FROM course_versions v
       LEFT JOIN certificates c ON c.id::text = v.content->'course'->'certificate'->>'id'
      WHERE v.course_uuid = $1 AND v.version = $2`,
    [row.course_uuid, row.course_version],
  )
  return rows[0]?.template ?? null
}

/** The recipient of a certificate's Open Badges credential: the salted hash of its e-mail (or user id). */
export interface BadgeRecipient {
  identity_type: 'emailAddress' | 'identifier'
  identity_hash: string
  salt: string
}

/** The recipient the certificate's credential names, fixed the first time it was asked for; or null. */
export async function badgeRecipient(db: Queryable, code: string): Promise<BadgeRecipient | null> {
  const { rows } = await db.query<BadgeRecipient>('SELECT identity_type, identity_hash, salt FROM certificate_badges WHERE code = $1', [code])
  return rows[0] ?? null
}

/** Keeps the recipient unless one was kept meanwhile: the one kept, either way. */
export async function keepBadgeRecipient(db: Queryable, code: string, r: BadgeRecipient): Promise<BadgeRecipient> {
  await db.query('INSERT INTO certificate_badges (code, identity_type, identity_hash, salt) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING', [
    code,
    r.identity_type,
    r.identity_hash,
    r.salt,
  ])
  return (await badgeRecipient(db, code)) ?? r
}

/** The learner's e-mail as the embedded user pool holds it, or null elsewhere. */
export async function poolEmail(db: Queryable, userSub: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>("SELECT value FROM identity_user_attributes WHERE username = $1 AND name = 'email'", [userSub])
  return rows[0]?.value.trim() || null
}

/**
 * Revokes the certificate unless it is revoked already: the row as it is now, or null when it was
 * already revoked (or is unknown). One statement, so two administrators revoking at once get one 409.
 */
export async function revokeCertificate(db: Queryable, code: string, by: string, reason: string): Promise<CertificateRow | null> {
  const { rows } = await db.query<CertificateRow>(
    `UPDATE issued_certificates SET revoked_at = now(), revoked_by = $2, revocation_reason = $3, status_changed_at = clock_timestamp()
      WHERE code = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [code, by, reason],
  )
  return rows[0] ?? null
}

/** Restores a revoked certificate: the row as it is now, or null when it was not revoked (or is unknown). */
export async function restoreCertificate(db: Queryable, code: string): Promise<CertificateRow | null> {
  const { rows } = await db.query<CertificateRow>(
    `UPDATE issued_certificates SET revoked_at = NULL, revoked_by = NULL, revocation_reason = NULL, status_changed_at = clock_timestamp()
      WHERE code = $1 AND revoked_at IS NOT NULL RETURNING ${COLUMNS}`,
    [code],
  )
  return rows[0] ?? null
}

/** What the revocation status list is built from: the revoked places, the highest place and the last change. */
export interface StatusListSource {
  revoked: number[]
  highest: number
  changedAt: Date | null
}

export async function statusListSource(db: Queryable): Promise<StatusListSource> {
  // Each maximum read from its own index (migration 0030), never by reading every certificate.
  const totals = await db.query<{ highest: number | null; changed: Date | string | null }>(
    `SELECT (SELECT max(status_index) FROM issued_certificates) AS highest,
            (SELECT max(status_changed_at) FROM issued_certificates WHERE status_changed_at IS NOT NULL) AS changed`,
  )
  const revoked = await db.query<{ status_index: number }>('SELECT status_index FROM issued_certificates WHERE revoked_at IS NOT NULL')
  const t = totals.rows[0]
  return {
    revoked: revoked.rows.map((r) => Number(r.status_index)),
    highest: t?.highest === null || t?.highest === undefined ? -1 : Number(t.highest),
    changedAt: t?.changed ? new Date(t.changed) : null,
  }
}
