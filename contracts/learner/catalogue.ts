import Type, { type Static } from 'typebox'
import { UserSubscription } from '../subscriptions.js'
import { Nullable } from '../nullable.js'

/**
 * The learner's side of the catalogue (requirements §7 "Learner fetches", `/api/v2/courses/...`): published
 * courses only, read from the newest published snapshot, never from a draft.
 */

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })

/** Courses per catalogue page. */
export const CATALOGUE_PAGE_SIZE = 12

/** A catalogue entry (category, difficulty, organization, status) as `{id, name}`. */
export const Named = Type.Object({ id: Uuid, name: Type.String() })
export type Named = Static<typeof Named>

export const CatalogueParams = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, description: 'Page number, starting at 1.' }),
})
export const CatalogueSearchParams = Type.Object({
  page: CatalogueParams.properties.page,
  search: Type.String({ maxLength: 200, description: 'Words to find (accents and case ignored; each word matches as a prefix).' }),
})
export type CatalogueSearchParams = Static<typeof CatalogueSearchParams>

export const CatalogueQuery = Type.Object({
  category: Type.Optional(Uuid),
  difficulty: Type.Optional(Uuid),
  organization: Type.Optional(Uuid),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
})
export type CatalogueQuery = Static<typeof CatalogueQuery>

/** A course card of the catalogue. */
export const CatalogueCourse = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  briefDescription: Type.String(),
  /** Read URL of the cover (the thumbnail when there is one), or null. */
  cover: Nullable(Type.String()),
  category: Nullable(Named),
  difficulty: Nullable(Named),
  organization: Nullable(Named),
  tags: Type.Array(Type.String()),
  durationHours: Nullable(Type.Number()),
  publishedAt: DateTime,
})
export type CatalogueCourse = Static<typeof CatalogueCourse>

/** `GET all/{page}` and `all/{page}/{search}`: newest first, or best match first when searching. */
export const CataloguePage = Type.Object({ items: Type.Array(CatalogueCourse), total: Type.Integer({ minimum: 0 }) })
export type CataloguePage = Static<typeof CataloguePage>

const Facet = Type.Object({ id: Uuid, name: Type.String(), count: Type.Integer({ minimum: 1 }) })
/** `GET catalogue/filters`: the values the filters can take, counted over the published courses. */
export const CatalogueFilters = Type.Object({
  categories: Type.Array(Facet),
  difficulties: Type.Array(Facet),
  organizations: Type.Array(Facet),
  tags: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer({ minimum: 1 }) })),
})
export type CatalogueFilters = Static<typeof CatalogueFilters>

/** A subscription plan as learners see it; the price only when the course sells. */
export const LearnerPlan = Type.Object({
  id: Uuid,
  name: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  /** Free plans can be subscribed to at once; the others are for sale. */
  free: Type.Boolean(),
  price: Nullable(Type.Number({ minimum: 0 })),
  currency: Nullable(Type.String()),
})
export type LearnerPlan = Static<typeof LearnerPlan>

/** `GET course/{id}`: the overview, from the published snapshot (read URLs, no block values). */
export const CourseOverview = Type.Object({
  uuid: Uuid,
  version: Type.Integer({ minimum: 1 }),
  publishedAt: DateTime,
  name: Type.String(),
  briefDescription: Type.String(),
  description: Type.String(),
  requirements: Type.String(),
  certificateDetails: Type.String(),
  durationHours: Nullable(Type.Number()),
  difficulty: Nullable(Named),
  category: Nullable(Named),
  organization: Nullable(Named),
  keywords: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  cover: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  presentation: Nullable(Type.String()),
  salesEnabled: Type.Boolean(),
  /**
   * Whether a priced plan can be bought online here (a payment provider is configured and the course
   * sells): the overview offers Buy buttons; otherwise it says whom to ask.
   */
  checkoutEnabled: Type.Boolean(),
  /** The requirements' card fields, so the player can compare `Details.Organization` with the configured university. */
  Details: Type.Object({ Organization: Type.Optional(Type.String()), ShortDescription: Type.Optional(Type.String()) }),
  plans: Type.Array(LearnerPlan),
  /** The syllabus: section titles with the kind and title of each block. */
  outline: Type.Array(
    Type.Object({
      id: Uuid,
      title: Type.String(),
      blocks: Type.Array(Type.Object({ id: Uuid, kind: Type.String(), title: Type.String() })),
    }),
  ),
})
export type CourseOverview = Static<typeof CourseOverview>
export const CourseOverviewResponse = Type.Object({ Item: CourseOverview })
export type CourseOverviewResponse = Static<typeof CourseOverviewResponse>

export const FaqListResponse = Type.Object({ items: Type.Array(Type.Object({ id: Type.String(), question: Type.String(), answer: Type.String() })) })
export type FaqListResponse = Static<typeof FaqListResponse>

export const CollaboratorListResponse = Type.Object({ items: Type.Array(Type.Object({ username: Type.String(), name: Type.String() })) })
export type CollaboratorListResponse = Static<typeof CollaboratorListResponse>

/** `GET course/subscriptions/{id}`: the plans, and the caller's latest subscription to the course (or null). */
export const CoursePlansResponse = Type.Object({
  plans: Type.Array(LearnerPlan),
  subscription: Nullable(UserSubscription),
  /**
   * True while an administrator's revocation of the caller's subscription to this course stands: the
   * caller cannot subscribe by themselves (403 SUBSCRIPTION_REVOKED) until an administrator lifts it.
   */
  blocked: Type.Boolean(),
})
export type CoursePlansResponse = Static<typeof CoursePlansResponse>

/** `POST course/subscribe`: a free plan of a published course. */
export const SubscribeBody = Type.Object({ uuid: Uuid, plan: Uuid })
export type SubscribeBody = Static<typeof SubscribeBody>

export const COURSE_NOT_FOUND_MESSAGE = 'Course not found'
export const PLAN_NOT_FOUND_MESSAGE = 'This plan is not offered for this course'
export const PLAN_FOR_SALE_MESSAGE = 'This plan is for sale'
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription to this course'
export const REVOKED_BY_ADMIN_MESSAGE = 'Your access to this course was revoked by an administrator; only an administrator can restore it'
