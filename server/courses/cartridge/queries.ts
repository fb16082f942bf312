import type { ImportReport } from '../../../contracts/courses/cartridge.js'
import type { Queryable } from '../../db/index.js'

/** The report an import keeps with the draft it made (migration 0028). */
export async function insertImportReport(tx: Queryable, course: string, report: ImportReport, importedBy: string): Promise<void> {
  await tx.query(`INSERT INTO course_import_reports (course_uuid, format, report, imported_by) VALUES ($1, 'common-cartridge', $2::jsonb, $3)`, [
    course,
    JSON.stringify(report),
    importedBy,
  ])
}

/** The report of a course not yet dismissed, or null. */
export async function liveImportReport(db: Queryable, course: string): Promise<{ report: ImportReport; importedAt: Date | string } | null> {
  const { rows } = await db.query<{ report: ImportReport; imported_at: Date | string }>(
    `SELECT report, imported_at FROM course_import_reports WHERE course_uuid = $1 AND dismissed_at IS NULL`,
    [course],
  )
  return rows[0] ? { report: rows[0].report, importedAt: rows[0].imported_at } : null
}

/** Hides the report from the builder (kept for the record). */
export async function dismissImportReport(db: Queryable, course: string): Promise<void> {
  await db.query(`UPDATE course_import_reports SET dismissed_at = now() WHERE course_uuid = $1 AND dismissed_at IS NULL`, [course])
}
