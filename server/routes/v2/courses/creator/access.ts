import { CANNOT_MANAGE_MESSAGE, COURSE_ERROR_CODES } from '../../../../../contracts/courses/common.js'
import { bumpRevision, notAuthorized } from '../../../../courses/revisions.js'
import type { Db, Queryable } from '../../../../db/index.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { Principal } from '../../../../types.js'
import { UUID_RE } from '../../../../http/paging.js'

/**
 * Who may do what with one course (docs/decisions/0007-course-roles-and-revisions.md). Every
 * creator, content and review route goes through `requireCourse`, and every write through
 * `bumpRevision` (server/courses/revisions.ts) in the same transaction as its change.
 */

export type CourseRole = 'owner' | 'collaborator' | 'grader' | 'reviewer' | 'admin'
export type Capability = 'read' | 'edit' | 'manage' | 'publish' | 'grade'

/** What each role may do; a caller holding several roles may do what any of them may. */
export const ROLE_CAPABILITIES: Record<CourseRole, readonly Capability[]> = {
  owner: ['read', 'edit', 'manage', 'publish', 'grade'],
  admin: ['read', 'edit', 'manage', 'publish', 'grade'],
  collaborator: ['read', 'edit', 'grade'],
  // A grader (a collaborator added with the role 'grader') reads the course and grades its submissions; it edits nothing.
  grader: ['read', 'grade'],
  reviewer: ['read', 'publish'],
}

/** The role a caller is shown as when several apply (an owner who is also an admin is the owner). */
const PRECEDENCE: readonly CourseRole[] = ['owner', 'admin', 'collaborator', 'grader', 'reviewer']

export const cannotManage = () => new HttpError(403, CANNOT_MANAGE_MESSAGE, COURSE_ERROR_CODES.cannotManage)

/**
 * Every role the caller holds in a live course, best first; empty for an unknown, deleted or
 * malformed uuid, or when the caller has no role (callers cannot tell these apart).
 */
export async function courseRoles(db: Queryable, principal: Principal, uuid: string): Promise<CourseRole[]> {
  if (!UUID_RE.test(uuid)) return []
  const { rows } = await db.query<{ created_by: string | null; collaborator: 'collaborator' | 'grader' | null }>(
    `SELECT c.created_by,
            (SELECT k.role FROM course_collaborators k WHERE k.course_uuid = c.uuid AND k.user_sub = $2) AS collaborator
       FROM courses c
      WHERE c.uuid = $1 AND c.deleted_at IS NULL`,
    [uuid, principal.sub],
  )
  const row = rows[0]
  if (!row) return []
  const held = new Set<CourseRole>()
  if (row.created_by !== null && row.created_by === principal.sub) held.add('owner')
  if (principal.groups.includes('admin')) held.add('admin')
  if (row.collaborator) held.add(row.collaborator)
  if (principal.groups.includes('reviewer')) held.add('reviewer')
  return PRECEDENCE.filter((r) => held.has(r))
}

/** Whether any of the roles allows the capability. */
export const allowsCapability = (roles: readonly CourseRole[], need: Capability) => roles.some((r) => ROLE_CAPABILITIES[r].includes(need))

/** Throws the 404/403 above; returns the role. */
export async function requireCourse(db: Queryable, principal: Principal, uuid: string, need: Capability): Promise<CourseRole> {
  const roles = await courseRoles(db, principal, uuid)
  if (roles.length === 0) throw notAuthorized()
  if (!allowsCapability(roles, need)) throw cannotManage()
  return roles[0]
}

/**
 * One write to a course, the way every builder write goes: in one transaction the caller's right is
 * checked and the revision moved on (`bumpRevision`) before `change` runs with the new revision, so a
 * refused or stale write changes nothing.
 */
export async function courseWrite<T>(
  db: Db,
  principal: Principal,
  uuid: string,
  need: Capability,
  revision: number,
  change: (tx: Queryable, revision: number) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await requireCourse(tx, principal, uuid, need)
    return change(tx, await bumpRevision(tx, uuid, revision))
  })
}
