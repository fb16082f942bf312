import type { Collaborator, CourseDraft, CourseSummary, Plan } from '../../../../../contracts/courses/creator.js'
import type { Principal } from '../../../../types.js'
import type { CourseRole } from './access.js'
import type { CollaboratorRow, CourseRow, PlanRow, SummaryRow } from '../../../../courses/model/queries.js'
import { iso } from '../../../../http/dates.js'

/** Database rows as API objects. */

/** A read URL for a stored file, or null (no file, or no storage to read it from). */
export type UrlOf = (path: string | null) => Promise<string | null>

export async function toSummary(r: SummaryRow, principal: Principal, urlOf: UrlOf): Promise<CourseSummary> {
  const role: CourseRole = r.is_owner
    ? 'owner'
    : principal.groups.includes('admin')
      ? 'admin'
      : r.is_collaborator
        ? (r.collaborator_role ?? 'collaborator')
        : 'reviewer'
  // Courses made before the builder carry their cover only in details.Cover.
  const cover = r.cover_path ?? (typeof r.details?.Cover === 'string' && r.details.Cover ? r.details.Cover : null)
  return {
    uuid: r.uuid,
    name: r.name,
    briefDescription: typeof r.details?.ShortDescription === 'string' ? r.details.ShortDescription : '',
    cover,
    coverUrl: await urlOf(cover),
    status: r.status_id && r.status_code !== null && r.status_name !== null ? { id: r.status_id, code: r.status_code, name: r.status_name } : null,
    updatedAt: iso(r.updated_at),
    role,
    publishedVersion: r.published_version,
    revision: r.revision,
  }
}

export const toPlan = (p: PlanRow): Plan => ({
  id: p.id,
  name: p.name,
  durationDays: p.duration_days,
  price: p.price,
  currency: p.currency,
  subscribed: p.subscribed,
  reminderDays: p.reminder_days,
})

export const toCollaborator = (c: CollaboratorRow): Collaborator => ({ username: c.username, name: c.name, role: c.role, addedAt: iso(c.added_at) })

export async function toDraft(
  r: CourseRow,
  extra: { plans: PlanRow[]; collaborators: CollaboratorRow[]; role: CourseRole; urlOf: UrlOf },
): Promise<CourseDraft> {
  const details = r.details ?? {}
  const cover = r.cover_path ?? (typeof details.Cover === 'string' && details.Cover ? details.Cover : null)
  const [coverUrl, thumbnailUrl, presentationUrl, templateUrl] = await Promise.all(
    [cover, r.thumbnail_path, r.presentation_path, r.template_path].map(extra.urlOf),
  )
  return {
    uuid: r.uuid,
    revision: r.revision,
    name: r.name,
    durationHours: r.duration_hours,
    briefDescription: typeof details.ShortDescription === 'string' ? details.ShortDescription : '',
    description: r.description,
    requirements: r.requirements,
    certificateDetails: r.certificate_details,
    statusId: r.status_id,
    difficultyId: r.difficulty_id,
    categoryId: r.category_id,
    organizationId: r.organization_id,
    certificateId: r.certificate_id,
    keywords: r.keywords,
    salesEnabled: r.sales_enabled,
    cover,
    coverUrl,
    thumbnail: r.thumbnail_path,
    thumbnailUrl,
    presentation: r.presentation_path,
    presentationUrl,
    template: r.template_path,
    templateUrl,
    faq: r.faq as CourseDraft['faq'],
    tags: r.tags,
    plans: extra.plans.map(toPlan),
    collaborators: extra.collaborators.map(toCollaborator),
    createdBy: r.created_by,
    role: extra.role,
    publishedVersion: r.published_version,
    publishedAt: r.published_at ? iso(r.published_at) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }
}
