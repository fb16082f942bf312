import type { FormQuestion } from '../../../contracts/courses/content.js'
import type { Queryable } from '../../db/index.js'

/** SQL of a course's question banks (migration 0039). The caller moves the course's revision on with each write. */

export interface BankRow {
  id: string
  course_uuid: string
  name: string
  questions: FormQuestion[]
  created_at: Date | string
  updated_at: Date | string
  updated_by_name: string | null
}

const COLUMNS = 'id, course_uuid, name, questions, created_at, updated_at, updated_by_name'

/** The course's banks, oldest first. */
export async function banksOf(db: Queryable, course: string): Promise<BankRow[]> {
  const { rows } = await db.query<BankRow>(`SELECT ${COLUMNS} FROM course_question_banks WHERE course_uuid = $1 ORDER BY created_at, id`, [course])
  return rows
}

export async function bankOf(db: Queryable, course: string, id: string): Promise<BankRow | null> {
  const { rows } = await db.query<BankRow>(`SELECT ${COLUMNS} FROM course_question_banks WHERE course_uuid = $1 AND id = $2`, [course, id])
  return rows[0] ?? null
}

export async function insertBank(
  tx: Queryable,
  b: { course: string; id: string; name: string; questions: FormQuestion[]; createdAt?: Date | string },
  actor: { sub: string; username: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO course_question_banks (course_uuid, id, name, questions, created_at, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4::jsonb, coalesce($5::timestamptz, now()), $6, $7)`,
    [b.course, b.id, b.name, JSON.stringify(b.questions), b.createdAt ?? null, actor.sub, actor.username],
  )
}

/** False when the course has no such bank. */
export async function updateBank(
  tx: Queryable,
  b: { course: string; id: string; name: string; questions: FormQuestion[] },
  actor: { sub: string; username: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE course_question_banks SET name = $3, questions = $4::jsonb, updated_at = now(), updated_by = $5, updated_by_name = $6
      WHERE course_uuid = $1 AND id = $2 RETURNING id`,
    [b.course, b.id, b.name, JSON.stringify(b.questions), actor.sub, actor.username],
  )
  return rows.length > 0
}

/** False when the course has no such bank. */
export async function deleteBank(tx: Queryable, course: string, id: string): Promise<boolean> {
  const { rows } = await tx.query(`DELETE FROM course_question_banks WHERE course_uuid = $1 AND id = $2 RETURNING id`, [course, id])
  return rows.length > 0
}

/** Copies every bank of `from` into `to` with the same ids (ids are per course), for a clone. */
export async function copyBanks(tx: Queryable, from: string, to: string, actor: { sub: string; username: string }): Promise<number> {
  const { rows } = await tx.query(
    `INSERT INTO course_question_banks (course_uuid, id, name, questions, created_at, updated_by, updated_by_name)
     SELECT $2, id, name, questions, created_at, $3, $4 FROM course_question_banks WHERE course_uuid = $1
     RETURNING id`,
    [from, to, actor.sub, actor.username],
  )
  return rows.length
}
