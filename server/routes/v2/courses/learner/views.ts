import type { AssignmentValues, FormQuestion, ScormPackage } from '../../../../../contracts/courses/content.js'
import { fileLimits, maxPointsOf } from '../../../../../contracts/learner/assignments.js'
import type { CatalogueCourse, LearnerPlan } from '../../../../../contracts/learner/catalogue.js'
import type { LearnerValues } from '../../../../../contracts/learner/player.js'
import { subscriptionState, type SubscriptionState, type UserSubscription } from '../../../../../contracts/subscriptions.js'
import type { CatalogueListRow } from '../../../../courses/catalogue/queries.js'
import { iso } from '../../../../http/dates.js'
import { blockTitle, videoLength, type SnapshotBlock } from '../../../../courses/progress/rules.js'
import type { PlanRow, SubscriptionRow } from './queries.js'

/** Rows and snapshot blocks as the learner's API answers them. */

/** A read URL for a stored file. */
type ReadUrl = (path: string) => Promise<string>

/** A catalogue row as a card of the catalogue. */
export async function cardOf(r: CatalogueListRow, readUrl: ReadUrl): Promise<CatalogueCourse> {
  const cover = r.thumbnail_path ?? r.cover_path
  return {
    uuid: r.uuid,
    name: r.name,
    briefDescription: r.brief_description,
    cover: cover ? await readUrl(cover) : null,
    category: r.category_id && r.category_name !== null ? { id: r.category_id, name: r.category_name } : null,
    difficulty: r.difficulty_id && r.difficulty_name !== null ? { id: r.difficulty_id, name: r.difficulty_name } : null,
    organization: r.organization_id && r.organization_name !== null ? { id: r.organization_id, name: r.organization_name } : null,
    tags: r.tags,
    durationHours: r.duration_hours === null ? null : Number(r.duration_hours),
    publishedAt: iso(r.published_at),
  }
}

/** A subscription row as the learner's lists show it (requirements §9: one status function). */
export function subscriptionOf(r: SubscriptionRow, now: Date): UserSubscription & SubscriptionState {
  return {
    id: r.id,
    course: { uuid: r.course_uuid, name: r.course_name },
    plan: { name: r.plan_name, durationDays: Number(r.duration_days) },
    createdAt: iso(r.created_at),
    revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
    ...subscriptionState(r.created_at, Number(r.duration_days), r.revoked_at, now),
  }
}

/** The subscription that decides access: an active one if any, else the newest. */
export function decidingSubscription(rows: SubscriptionRow[], now: Date) {
  const all = rows.map((r) => subscriptionOf(r, now))
  return all.find((s) => s.status === 'active') ?? all[0] ?? null
}

export const planOf = (p: PlanRow, salesEnabled: boolean): LearnerPlan => {
  const price = p.price === null ? null : Number(p.price)
  return {
    id: p.id,
    name: p.name,
    durationDays: Number(p.duration_days),
    free: price === null || price === 0,
    price: salesEnabled ? price : null,
    currency: salesEnabled && p.currency !== null ? p.currency.trim() : null,
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** What a learner may see of a block: known fields by kind, and never a form's answers. */
export function learnerValues(b: SnapshotBlock): LearnerValues {
  const v = b.values
  const base = { title: blockTitle(b), required: v.required === true }
  switch (b.kind) {
    case 'text':
      return { ...base, html: text(v.html) }
    case 'image':
      return { ...base, alt: text(v.alt) }
    case 'attachment':
      return { ...base, fileName: text(v.fileName), ...(typeof v.size === 'number' ? { size: v.size } : {}) }
    case 'link':
    case 'simulation':
      return { ...base, ...(typeof v.url === 'string' ? { url: v.url } : {}) }
    case 'video': {
      const duration = videoLength(b)
      return { ...base, ...(typeof v.url === 'string' ? { url: v.url } : {}), ...(duration !== null ? { duration } : {}) }
    }
    case 'form': {
      const questions = Array.isArray(v.questions) ? (v.questions as FormQuestion[]) : []
      return {
        ...base,
        name: text(v.name),
        tries: typeof v.tries === 'number' ? v.tries : 1,
        requiredScore: typeof v.requiredScore === 'number' ? v.requiredScore : 0,
        questions: questions.flatMap((q) =>
          'options' in q ? [{ id: q.id, type: q.type, text: q.text, options: q.options.map((o) => ({ id: o.id, text: o.text })) }] : [],
        ),
      }
    }
    case 'scorm': {
      const pkg = v.package as ScormPackage | undefined
      return {
        ...base,
        ...(pkg ? { package: { version: pkg.version, title: pkg.title, scos: pkg.scos.map((s) => ({ id: s.id, title: s.title })) } } : {}),
        completeWhen: v.completeWhen === 'passed' ? 'passed' : 'completed',
      }
    }
    case 'assignment': {
      const a = v as Partial<AssignmentValues>
      return {
        ...base,
        assignment: {
          instructions: text(a.instructions),
          fileTypes: a.fileTypes ?? [],
          ...fileLimits(a),
          textAnswer: a.textAnswer ?? 'none',
          grading: a.grading ?? 'rubric',
          maxPoints: maxPointsOf(a),
          passMark: a.passMark ?? 50,
          rubric: a.grading === 'points' ? [] : (a.rubric ?? []),
        },
      }
    }
    default:
      return base
  }
}
