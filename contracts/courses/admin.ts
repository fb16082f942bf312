import Type, { type Static } from 'typebox'
import { AdminSubscription } from '../admin/subscriptions.js'
import { DateTime, NullableDateTime, PageSearchParams, Uuid } from '../admin/common.js'
import { Nullable } from '../nullable.js'

/**
 * Course administration (requirements §7 "Courses (admin)"): every course of the platform, whoever owns it,
 * with its plans, collaborators, published version and subscriptors, and a learner's form attempts.
 * Page-numbered lists use `CATALOGUE_PAGE_SIZE` rows, like the other admin lists with page numbers.
 */

/** A platform account as the course screens show it; email and name are null when the account is gone. */
export const CoursePerson = Type.Object({
  username: Type.String(),
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
})
export type CoursePerson = Static<typeof CoursePerson>

/** `GET /api/v2/admin/courses/all/{page}/{search}` and `count/{page}/{search}`: search by name, keywords or uuid. */
export const AdminCoursesParams = PageSearchParams
export type AdminCoursesParams = Static<typeof AdminCoursesParams>

/** One row of the admin course list. */
export const AdminCourseSummary = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  owner: Nullable(CoursePerson),
  /** The status catalogue's name, when one is set. */
  status: Nullable(Type.String()),
  organization: Nullable(Type.String()),
  publishedVersion: Nullable(Type.Integer({ minimum: 1 })),
  /** Learners holding an active subscription now. */
  activeLearners: Type.Integer({ minimum: 0 }),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type AdminCourseSummary = Static<typeof AdminCourseSummary>

export const AdminCoursesPage = Type.Object({ items: Type.Array(AdminCourseSummary) })
export type AdminCoursesPage = Static<typeof AdminCoursesPage>

/** A catalogue value a course points at. */
export const CatalogueRef = Nullable(Type.Object({ id: Uuid, name: Type.String() }))

export const AdminCoursePlan = Type.Object({
  id: Uuid,
  name: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  price: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  /** Plans that learners held are archived instead of deleted: they can no longer be given. */
  archived: Type.Boolean(),
})
export type AdminCoursePlan = Static<typeof AdminCoursePlan>

export const AdminCourseCollaborator = Type.Object({
  ...CoursePerson.properties,
  addedAt: DateTime,
})
export type AdminCourseCollaborator = Static<typeof AdminCourseCollaborator>

/** How many subscriptions a course has, by derived status (contracts/subscriptions.ts), and how many learners. */
export const SubscriptionCounts = Type.Object({
  learners: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  active: Type.Integer({ minimum: 0 }),
  expired: Type.Integer({ minimum: 0 }),
  revoked: Type.Integer({ minimum: 0 }),
})
export type SubscriptionCounts = Static<typeof SubscriptionCounts>

/** `GET /api/v2/admin/courses/course/{id}`: the course as the admin detail screen shows it. */
export const AdminCourse = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  revision: Type.Integer({ minimum: 1 }),
  briefDescription: Type.String(),
  description: Type.String(),
  requirements: Type.String(),
  certificateDetails: Type.String(),
  durationHours: Nullable(Type.Number()),
  keywords: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  salesEnabled: Type.Boolean(),
  status: CatalogueRef,
  difficulty: CatalogueRef,
  category: CatalogueRef,
  organization: CatalogueRef,
  owner: Nullable(CoursePerson),
  collaborators: Type.Array(AdminCourseCollaborator),
  plans: Type.Array(AdminCoursePlan),
  publishedVersion: Nullable(Type.Integer({ minimum: 1 })),
  publishedAt: NullableDateTime,
  subscriptions: SubscriptionCounts,
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type AdminCourse = Static<typeof AdminCourse>

export const AdminCourseResponse = Type.Object({ Item: AdminCourse })
export type AdminCourseResponse = Static<typeof AdminCourseResponse>

/** `POST /api/v2/admin/courses/course/clone`: a draft copy owned by the admin, named "<name> (copy)". */
export const CloneCourseBody = Type.Object({ uuid: Uuid })
export type CloneCourseBody = Static<typeof CloneCourseBody>
export const CloneCourseResponse = Type.Object({ uuid: Uuid, revision: Type.Integer({ minimum: 1 }) })
export type CloneCourseResponse = Static<typeof CloneCourseResponse>

/**
 * `POST /api/admin/courses/course/subscriptors` (requirements §7 `{uuid, revision, page, search}`): the
 * learners subscribed to a course, one row per learner, the learner whose subscription started last
 * first. The search is a username, an e-mail or name prefix of the learner, or a plan-name prefix.
 */
export const SubscriptorsBody = Type.Object({
  uuid: Uuid,
  /** The course revision the screen showed; accepted for the requirements' payload, a list does not need it. */
  revision: Type.Optional(Type.Integer({ minimum: 1 })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  search: Type.String({ maxLength: 100, default: '' }),
})
export type SubscriptorsBody = Static<typeof SubscriptorsBody>

/**
 * A learner of the course: `current` is their live subscription that lasts longest, else the one
 * that started last; its status comes from `subscriptionState`.
 */
export const Subscriptor = Type.Object({
  ...CoursePerson.properties,
  current: AdminSubscription,
  /** All their subscriptions to this course, including expired and revoked ones. */
  subscriptions: Type.Integer({ minimum: 1 }),
})
export type Subscriptor = Static<typeof Subscriptor>

export const SubscriptorsPage = Type.Object({
  items: Type.Array(Subscriptor),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  count: Type.Integer({ minimum: 0 }),
  pages: Type.Integer({ minimum: 0 }),
})
export type SubscriptorsPage = Static<typeof SubscriptorsPage>

/** `{id}` is the course; `{user}` a learner's username or e-mail. */
export const CourseUserParams = Type.Object({
  id: Uuid,
  user: Type.String({ minLength: 1, maxLength: 254 }),
})
export type CourseUserParams = Static<typeof CourseUserParams>

/** `GET /api/admin/courses/course/subscriptions/{id}/{user}`: every subscription of the learner to the course, newest first. */
export const LearnerSubscriptions = Type.Object({
  learner: CoursePerson,
  items: Type.Array(AdminSubscription),
})
export type LearnerSubscriptions = Static<typeof LearnerSubscriptions>

/** One try of an evaluation form (the `form_attempts` table), without the answers. */
export const FormAttemptSummary = Type.Object({
  id: Uuid,
  /** 1 for the learner's first try of this form. */
  attempt: Type.Integer({ minimum: 1 }),
  courseVersion: Nullable(Type.Integer({ minimum: 1 })),
  score: Nullable(Type.Number()),
  passed: Nullable(Type.Boolean()),
  createdAt: DateTime,
})
export type FormAttemptSummary = Static<typeof FormAttemptSummary>

/** A form of the course with the learner's tries; the form data comes from the course as it is now. */
export const LearnerForm = Type.Object({
  formId: Type.String(),
  /** Null when the form is no longer in the course (its tries are still shown). */
  name: Nullable(Type.String()),
  tries: Nullable(Type.Integer({ minimum: 1 })),
  requiredScore: Nullable(Type.Number()),
  /** Whether the latest try passed; null without tries. */
  passed: Nullable(Type.Boolean()),
  bestScore: Nullable(Type.Number()),
  attempts: Type.Array(FormAttemptSummary),
})
export type LearnerForm = Static<typeof LearnerForm>

/** `GET /api/admin/courses/user/forms/{id}/{user}`: the course's forms and the learner's tries of each. */
export const LearnerForms = Type.Object({
  learner: CoursePerson,
  items: Type.Array(LearnerForm),
})
export type LearnerForms = Static<typeof LearnerForms>

/** `POST /api/admin/courses/forms/detail`: one try (`id`) of a form in a course (spec: form requests carry course and id). */
export const FormDetailBody = Type.Object({ course: Uuid, id: Uuid })
export type FormDetailBody = Static<typeof FormDetailBody>

export const FormDetailOption = Type.Object({
  id: Type.String(),
  text: Type.String(),
  correct: Type.Boolean(),
  chosen: Type.Boolean(),
})
export const FormDetailQuestion = Type.Object({
  id: Type.String(),
  type: Type.String(),
  text: Type.String(),
  options: Type.Array(FormDetailOption),
  /** Whether the chosen options are exactly the correct ones; null when the question was not answered. */
  correct: Nullable(Type.Boolean()),
})
export type FormDetailQuestion = Static<typeof FormDetailQuestion>

export const FormAttemptDetail = Type.Object({
  ...FormAttemptSummary.properties,
  formId: Type.String(),
  learner: CoursePerson,
  form: Type.Object({
    name: Nullable(Type.String()),
    tries: Nullable(Type.Integer({ minimum: 1 })),
    requiredScore: Nullable(Type.Number()),
    /** The questions as the learner saw them (the published version the try was taken on, else the course now). */
    questions: Type.Array(FormDetailQuestion),
  }),
})
export type FormAttemptDetail = Static<typeof FormAttemptDetail>

export const FormAttemptDetailResponse = Type.Object({ Item: FormAttemptDetail })
export type FormAttemptDetailResponse = Static<typeof FormAttemptDetailResponse>
