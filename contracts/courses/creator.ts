import Type, { type Static } from 'typebox'
import { DEFAULT_REMINDER_DAYS, MAX_REMINDER_DAYS, MAX_REMINDER_THRESHOLDS } from '../mail.js'
import { CourseRevision, CourseUuid, CourseWrite } from './common.js'
import { Nullable } from '../nullable.js'

/**
 * The course creator API (requirements §7 "Course creator", under /api/v2/courses/creator): courses, their
 * general data, media, lists, plans and collaborators. Content (sections, blocks, review, publish)
 * is in `content.ts`. Every write carries the course's `revision` and answers with the new one.
 */

const DateTime = Type.String({ format: 'date-time' })

/** Courses per page of the creator's list (the product's default list size, requirements §9). */
export const COURSE_PAGE_SIZE = 10

export const COURSE_FILTERS = ['mine', 'shared', 'all'] as const
export type CourseFilter = (typeof COURSE_FILTERS)[number]

export const COURSE_ROLES = ['owner', 'collaborator', 'grader', 'reviewer', 'admin'] as const

/** What a person the course is shared with does: edit it with the owner, or only read it and grade its submissions. */
export const COLLABORATOR_ROLES = ['collaborator', 'grader'] as const
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number]

/** `GET all/:page[/:filter[/:search]]` and `count/...`: `all` is everything the caller may see. */
export const CourseListParams = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, description: 'Page number, starting at 1.' }),
  filter: Type.Optional(
    Type.Enum([...COURSE_FILTERS], { default: 'all', description: 'mine: courses I own; shared: shared with me; all: every course I may see.' }),
  ),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'Words of the name or keywords; accents and case do not matter.' })),
})
export type CourseListParams = Static<typeof CourseListParams>

export const CourseStatus = Type.Object({ id: CourseUuid, code: Type.String(), name: Type.String() })
export type CourseStatus = Static<typeof CourseStatus>

/** One row of the creator's course list. */
export const CourseSummary = Type.Object({
  uuid: CourseUuid,
  name: Type.String(),
  briefDescription: Type.String(),
  cover: Nullable(Type.String()),
  coverUrl: Nullable(Type.String()),
  status: Nullable(CourseStatus),
  updatedAt: DateTime,
  role: Type.Enum([...COURSE_ROLES]),
  publishedVersion: Nullable(Type.Integer({ minimum: 1 })),
  revision: CourseRevision,
})
export type CourseSummary = Static<typeof CourseSummary>

export const CourseListResponse = Type.Object({ items: Type.Array(CourseSummary) })
export type CourseListResponse = Static<typeof CourseListResponse>

export const CourseCountResponse = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  pageSize: Type.Integer({ minimum: 1 }),
  pages: Type.Integer({ minimum: 0 }),
})
export type CourseCountResponse = Static<typeof CourseCountResponse>

/** `POST start`: the caller becomes the owner of a new draft. */
export const StartBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 300 }) })
export type StartBody = Static<typeof StartBody>
export const StartResponse = Type.Object({ uuid: CourseUuid, revision: CourseRevision })
export type StartResponse = Static<typeof StartResponse>

// ---------------------------------------------------------------------------------------------------
// The draft.
// ---------------------------------------------------------------------------------------------------

export const FaqItem = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  question: Type.String({ minLength: 1, maxLength: 500 }),
  answer: Type.String({ minLength: 1, maxLength: 10000 }),
})
export type FaqItem = Static<typeof FaqItem>

export const Plan = Type.Object({
  id: CourseUuid,
  name: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  price: Nullable(Type.Number({ minimum: 0 })),
  currency: Nullable(Type.String({ minLength: 3, maxLength: 3 })),
  /** Whether learners hold this plan (removing it then archives it). */
  subscribed: Type.Boolean(),
  /** The days before expiry its learners get a reminder at, largest first (0: the day of expiry). */
  reminderDays: Type.Array(Type.Integer({ minimum: 0, maximum: MAX_REMINDER_DAYS }), { maxItems: MAX_REMINDER_THRESHOLDS }),
})
export type Plan = Static<typeof Plan>

export const Collaborator = Type.Object({
  username: Type.String(),
  name: Type.String(),
  role: Type.Enum([...COLLABORATOR_ROLES]),
  addedAt: DateTime,
})
export type Collaborator = Static<typeof Collaborator>

/** The draft as the builder edits it (`GET builder/:id` under `Item`). */
export const CourseDraft = Type.Object({
  uuid: CourseUuid,
  revision: CourseRevision,
  name: Type.String(),
  durationHours: Nullable(Type.Number()),
  /** The course card's short description (`details.ShortDescription`). */
  briefDescription: Type.String(),
  description: Type.String(),
  requirements: Type.String(),
  certificateDetails: Type.String(),
  statusId: Nullable(CourseUuid),
  difficultyId: Nullable(CourseUuid),
  categoryId: Nullable(CourseUuid),
  organizationId: Nullable(CourseUuid),
  /** The certificate design from the catalogue (an uploaded `template` takes precedence). */
  certificateId: Nullable(CourseUuid),
  keywords: Type.Array(Type.String()),
  salesEnabled: Type.Boolean(),
  cover: Nullable(Type.String()),
  coverUrl: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  presentation: Nullable(Type.String()),
  presentationUrl: Nullable(Type.String()),
  template: Nullable(Type.String()),
  templateUrl: Nullable(Type.String()),
  faq: Type.Array(FaqItem),
  tags: Type.Array(Type.String()),
  plans: Type.Array(Plan),
  collaborators: Type.Array(Collaborator),
  /** The owner's user id (sub). */
  createdBy: Nullable(Type.String()),
  role: Type.Enum([...COURSE_ROLES]),
  publishedVersion: Nullable(Type.Integer({ minimum: 1 })),
  publishedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type CourseDraft = Static<typeof CourseDraft>

export const CourseDraftResponse = Type.Object({ Item: CourseDraft })
export type CourseDraftResponse = Static<typeof CourseDraftResponse>

/** A write that answers the new revision and the whole draft. */
export const DraftWriteResponse = Type.Object({ revision: CourseRevision, Item: CourseDraft })
export type DraftWriteResponse = Static<typeof DraftWriteResponse>

// ---------------------------------------------------------------------------------------------------
// General data.
// ---------------------------------------------------------------------------------------------------

export const MAX_KEYWORDS = 30

/** The general fields `update-general` accepts; any subset. */
export const GeneralFields = {
  name: Type.String({ minLength: 1, maxLength: 300 }),
  durationHours: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 10000, description: 'Hours (two decimals kept); null clears it.' })),
  briefDescription: Type.String({ maxLength: 500 }),
  description: Type.String({ maxLength: 20000 }),
  requirements: Type.String({ maxLength: 5000 }),
  certificateDetails: Type.String({ maxLength: 5000 }),
  statusId: Nullable(CourseUuid),
  difficultyId: Nullable(CourseUuid),
  categoryId: Nullable(CourseUuid),
  organizationId: Nullable(CourseUuid),
  certificateId: Nullable(CourseUuid),
  keywords: Type.Array(Type.String({ maxLength: 60 }), {
    maxItems: MAX_KEYWORDS,
    description: 'Trimmed; empty and repeated (ignoring case) ones are dropped.',
  }),
  salesEnabled: Type.Boolean(),
}
export type GeneralField = keyof typeof GeneralFields
/** The general data as a whole, as the builder's form holds it. */
export const GeneralData = Type.Object(GeneralFields)
export type GeneralData = Static<typeof GeneralData>

export const UpdateGeneralBody = Type.Object({
  ...CourseWrite,
  name: Type.Optional(GeneralFields.name),
  durationHours: Type.Optional(GeneralFields.durationHours),
  briefDescription: Type.Optional(GeneralFields.briefDescription),
  description: Type.Optional(GeneralFields.description),
  requirements: Type.Optional(GeneralFields.requirements),
  certificateDetails: Type.Optional(GeneralFields.certificateDetails),
  statusId: Type.Optional(GeneralFields.statusId),
  difficultyId: Type.Optional(GeneralFields.difficultyId),
  categoryId: Type.Optional(GeneralFields.categoryId),
  organizationId: Type.Optional(GeneralFields.organizationId),
  certificateId: Type.Optional(GeneralFields.certificateId),
  keywords: Type.Optional(GeneralFields.keywords),
  salesEnabled: Type.Optional(GeneralFields.salesEnabled),
})
export type UpdateGeneralBody = Static<typeof UpdateGeneralBody>

// ---------------------------------------------------------------------------------------------------
// Choices for the general data.
// ---------------------------------------------------------------------------------------------------

export const Choice = Type.Object({
  id: CourseUuid,
  name: Type.String(),
  description: Type.String(),
  /** difficulties: the level (1 easiest). */
  level: Type.Optional(Type.Integer()),
  /** statuses: the machine code. */
  code: Type.Optional(Type.String()),
  /** organizations: the mail domain. */
  domain: Type.Optional(Type.String()),
  /** organizations: the logo's storage path. */
  logoPath: Type.Optional(Nullable(Type.String())),
  /** certificates: the design's template path. */
  templatePath: Type.Optional(Type.String()),
})
export type Choice = Static<typeof Choice>
export const ChoicesResponse = Type.Object({ items: Type.Array(Choice) })
export type ChoicesResponse = Static<typeof ChoicesResponse>

/** The catalogues the general data chooses from; `statuses` is ours beyond requirements §7 (the status field needs its choices). */
export const CHOICE_CATALOGUES = ['difficulties', 'categories', 'organizations', 'certificates', 'statuses'] as const
export type ChoiceCatalogue = (typeof CHOICE_CATALOGUES)[number]

// ---------------------------------------------------------------------------------------------------
// Media: ask for upload parameters, upload straight to storage, then register the path.
// ---------------------------------------------------------------------------------------------------

/** The course media and the storage upload kind of each. */
export const MEDIA = {
  cover: { kind: 'cover', field: 'cover' },
  thumbnail: { kind: 'thumbnail', field: 'thumbnail' },
  presentation: { kind: 'presentation', field: 'presentation' },
  'certificate-template': { kind: 'certificate-template', field: 'template' },
} as const
export type MediaRoute = keyof typeof MEDIA

export const UploadParamsBody = Type.Object({
  uuid: CourseUuid,
  size: Type.Integer({ minimum: 1, description: 'The file size in bytes.' }),
  contentType: Type.String({ minLength: 1, maxLength: 200 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
})
export type UploadParamsBody = Static<typeof UploadParamsBody>
export const UploadParams = Type.Object({ url: Type.String(), fields: Type.Record(Type.String(), Type.String()), path: Type.String() })
export type UploadParams = Static<typeof UploadParams>

const MediaPath = Nullable(
  Type.String({ minLength: 1, maxLength: 1024, description: 'A path a `...-par` call issued for this course; null removes the file from the course.' }),
)
export const CoverBody = Type.Object({ ...CourseWrite, cover: MediaPath })
export const ThumbnailBody = Type.Object({ ...CourseWrite, thumbnail: MediaPath })
export const PresentationBody = Type.Object({ ...CourseWrite, presentation: MediaPath })
export const TemplateBody = Type.Object({ ...CourseWrite, template: MediaPath })
export type CoverBody = Static<typeof CoverBody>
export type ThumbnailBody = Static<typeof ThumbnailBody>
export type PresentationBody = Static<typeof PresentationBody>
export type TemplateBody = Static<typeof TemplateBody>
export const MEDIA_BODIES = { cover: CoverBody, thumbnail: ThumbnailBody, presentation: PresentationBody, 'certificate-template': TemplateBody } as const

export const MediaResponse = Type.Object({ revision: CourseRevision, path: Nullable(Type.String()), url: Nullable(Type.String()) })
export type MediaResponse = Static<typeof MediaResponse>

// ---------------------------------------------------------------------------------------------------
// Lists: each update replaces the whole list.
// ---------------------------------------------------------------------------------------------------

export const MAX_FAQ = 100
export const MAX_TAGS = 30
export const MAX_PLANS = 20
export const MAX_COLLABORATORS = 50
export const MAX_PLAN_DAYS = 3650
/** Requirements §5: "An invalid duration time is reported for subscriptions". */
export const INVALID_DURATION_MESSAGE = 'Invalid duration time'
export const CURRENCY_REQUIRED_MESSAGE = 'Choose the currency of the price'
export const UNKNOWN_CURRENCY_MESSAGE = 'Unknown currency'
export const PLAN_NAME_TAKEN_MESSAGE = 'Another plan has this name'

export const FaqUpdateBody = Type.Object({
  ...CourseWrite,
  items: Type.Array(
    Type.Object({
      id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Kept when given; a new entry gets one.' })),
      question: Type.String({ minLength: 1, maxLength: 500 }),
      answer: Type.String({ minLength: 1, maxLength: 10000 }),
    }),
    { maxItems: MAX_FAQ },
  ),
})
export type FaqUpdateBody = Static<typeof FaqUpdateBody>
export const FaqResponse = Type.Object({ revision: CourseRevision, items: Type.Array(FaqItem) })
export type FaqResponse = Static<typeof FaqResponse>

export const TagsUpdateBody = Type.Object({ ...CourseWrite, items: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: MAX_TAGS }) })
export type TagsUpdateBody = Static<typeof TagsUpdateBody>
export const TagsResponse = Type.Object({ revision: CourseRevision, items: Type.Array(Type.String()) })
export type TagsResponse = Static<typeof TagsResponse>

export const PlanInput = Type.Object({
  id: Type.Optional(CourseUuid),
  name: Type.String({ minLength: 1, maxLength: 80 }),
  /** Checked by the handler so every invalid value gets the requirements' message. */
  durationDays: Type.Number({ description: `Whole days, 1 to ${MAX_PLAN_DAYS}.` }),
  price: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1000000000, description: 'Rounded to cents.' }))),
  currency: Type.Optional(Nullable(Type.String({ description: 'ISO 4217 code, required with a price.' }))),
  reminderDays: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: MAX_REMINDER_DAYS }), {
      maxItems: MAX_REMINDER_THRESHOLDS,
      description: `Days before expiry a learner of the plan is e-mailed at (0: the day of expiry; empty: never). Left out: kept, or ${DEFAULT_REMINDER_DAYS.join(', ')} for a new plan.`,
    }),
  ),
})
export type PlanInput = Static<typeof PlanInput>
export const SubscriptionUpdateBody = Type.Object({ ...CourseWrite, items: Type.Array(PlanInput, { maxItems: MAX_PLANS }) })
export type SubscriptionUpdateBody = Static<typeof SubscriptionUpdateBody>
export const PlansResponse = Type.Object({ revision: CourseRevision, items: Type.Array(Plan) })
export type PlansResponse = Static<typeof PlansResponse>

const Username = Type.String({ minLength: 1, maxLength: 254, description: "The user's username or e-mail address." })
/** A collaborator's role; absent: 'collaborator' (and, for someone already on the course, the role they have). */
const CollaboratorRoleField = Type.Optional(Type.Enum([...COLLABORATOR_ROLES]))
export const CollaboratorsUpdateBody = Type.Object({
  ...CourseWrite,
  items: Type.Array(Type.Object({ username: Username, role: CollaboratorRoleField }), { maxItems: MAX_COLLABORATORS }),
})
export type CollaboratorsUpdateBody = Static<typeof CollaboratorsUpdateBody>
export const CollaboratorsResponse = Type.Object({ revision: CourseRevision, items: Type.Array(Collaborator) })
export type CollaboratorsResponse = Static<typeof CollaboratorsResponse>

// ---------------------------------------------------------------------------------------------------
// Sharing.
// ---------------------------------------------------------------------------------------------------

export const NOT_A_CREATOR_MESSAGE = 'Only creators and reviewers can collaborate on a course'
export const USER_NOT_FOUND_MESSAGE = 'User not found'

/** `PUT builder/share/add|remove/collaborators/:id` (id = the course uuid). */
export const ShareBody = Type.Object({ username: Username, revision: CourseRevision, role: CollaboratorRoleField })
export type ShareBody = Static<typeof ShareBody>

export const CollaboratorList = Type.Object({ items: Type.Array(Collaborator) })
export type CollaboratorList = Static<typeof CollaboratorList>

/** `GET share/creators/:id?search=`: people the course can be shared with. */
export const CreatorsQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 100 })) })
export const Invitable = Type.Object({ username: Type.String(), name: Type.String(), email: Type.String() })
export type Invitable = Static<typeof Invitable>
export const InvitableList = Type.Object({ items: Type.Array(Invitable) })
export type InvitableList = Static<typeof InvitableList>

// ---------------------------------------------------------------------------------------------------
// Clone and the legacy builder writes.
// ---------------------------------------------------------------------------------------------------

export const CloneBody = Type.Object({ uuid: CourseUuid })
export const CloneResponse = Type.Object({ uuid: CourseUuid, revision: CourseRevision })
export type CloneResponse = Static<typeof CloneResponse>

/** The builder writes the legacy `POST /api/courses/creator/builder/:action` accepts. */
export const LEGACY_ACTIONS = {
  'update-general': { method: 'PUT', path: 'builder/update-general' },
  cover: { method: 'PUT', path: 'builder/cover' },
  thumbnail: { method: 'PUT', path: 'builder/thumbnail' },
  presentation: { method: 'PUT', path: 'builder/presentation' },
  'certificate-template': { method: 'PUT', path: 'builder/certificate-template' },
  'faq-update': { method: 'POST', path: 'builder/faq-update' },
  'tags-update': { method: 'POST', path: 'builder/tags-update' },
  'collaborators-update': { method: 'POST', path: 'builder/collaborators-update' },
  'subscription-update': { method: 'POST', path: 'builder/subscription-update' },
} as const
export type LegacyAction = keyof typeof LEGACY_ACTIONS

export const LegacyActionParams = Type.Object({ action: Type.Enum(Object.keys(LEGACY_ACTIONS) as LegacyAction[]) })
/**
 * The old clients' body: `updates` holds the fields (or the list); `id` and `cuid` are accepted and
 * ignored (the course is named by `uuid`). Answers exactly as the v2 route does.
 */
export const LegacyBuilderBody = Type.Object({
  uuid: CourseUuid,
  id: Type.Optional(Type.String({ maxLength: 200 })),
  cuid: Type.Optional(Type.String({ maxLength: 200 })),
  revision: Type.Optional(CourseRevision),
  updates: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Array(Type.Unknown())])),
  items: Type.Optional(Type.Array(Type.Unknown())),
})
export type LegacyBuilderBody = Static<typeof LegacyBuilderBody>
