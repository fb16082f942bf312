import Type, { type Static } from 'typebox'
import { ErrorBody } from '../errors.js'
import { CourseConflictBody, CourseRevision, CourseUuid } from './common.js'

/**
 * Course content (requirements §7 "Course creator", blocks, review and publish): a course is an ordered list of
 * sections, each an ordered list of blocks. Positions are dense (0..n-1) within their parent after every
 * write. Every write carries the course's `revision` and answers with the new one (a stale one: 409).
 */

export const BLOCK_KINDS = ['text', 'image', 'attachment', 'link', 'simulation', 'video', 'form', 'scorm', 'assignment'] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]
export const ITEM_KINDS = ['section', ...BLOCK_KINDS] as const
export type ItemKind = (typeof ITEM_KINDS)[number]
/** The block kinds that hold an uploaded file, and the storage upload kind each one uses. */
export const RESOURCE_KINDS = {
  image: 'block-image',
  attachment: 'block-attachment',
  video: 'block-video',
  simulation: 'block-simulation',
  scorm: 'block-scorm',
} as const
export type ResourceBlockKind = keyof typeof RESOURCE_KINDS

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })
const Revision = CourseRevision
/** A place among siblings, from 0; past the end means last. */
const Position = Type.Integer({ minimum: 0, maximum: 100000 })
/** A storage key issued by a `...-par` call for this course (`courses/<uuid>/<kind>/...`). */
const StoragePath = Type.String({ minLength: 1, maxLength: 1024, pattern: '^courses/' })
/** An absolute http(s) address. */
const WebUrl = Type.String({ minLength: 1, maxLength: 2048, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$' })

// ---------------------------------------------------------------------------------------------------
// Values by kind. A block may be saved while incomplete (a creator adds an image block, then uploads);
// `publish/validate` lists what is still missing. What is given is checked here; unknown fields are dropped.
// ---------------------------------------------------------------------------------------------------

/** Fields every block kind may carry. */
const Common = {
  title: Type.Optional(Type.String({ maxLength: 300 })),
  required: Type.Optional(Type.Boolean()),
}

export const SectionValues = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 300 }),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
})
/** Rich text; the server sanitises the HTML (no script, handler or javascript: URL survives a save). */
export const TextValues = Type.Object({ ...Common, html: Type.String({ maxLength: 200000 }) })
export const ImageValues = Type.Object({ ...Common, path: Type.Optional(StoragePath), alt: Type.Optional(Type.String({ maxLength: 500 })) })
export const AttachmentValues = Type.Object({
  ...Common,
  path: Type.Optional(StoragePath),
  fileName: Type.Optional(Type.String({ maxLength: 255 })),
  size: Type.Optional(Type.Integer({ minimum: 0 })),
})
export const LinkValues = Type.Object({ ...Common, url: Type.Optional(WebUrl) })
/**
 * An HTML5 simulation: a `url`, or an uploaded `path` (one HTML file or a zip package). The server sets
 * `entry` when the path is registered: the HTML file itself, or the `index.html` of the package it
 * extracted into storage next to the zip. A zip without `index.html` is refused.
 */
export const SimulationValues = Type.Object({ ...Common, path: Type.Optional(StoragePath), entry: Type.Optional(StoragePath), url: Type.Optional(WebUrl) })
/** The longest video the platform accepts, in seconds (24 hours). */
export const MAX_VIDEO_SECONDS = 86400
/**
 * A video: an uploaded `path` or an external `url`. `duration` (seconds) is the server's: read from the
 * uploaded file when its path is registered (whatever the client sent), or given by the creator for a
 * `url`, where it is required. The progress rule measures watching against it.
 */
export const VideoValues = Type.Object({
  ...Common,
  path: Type.Optional(StoragePath),
  url: Type.Optional(WebUrl),
  duration: Type.Optional(Type.Number({ minimum: 1, maximum: MAX_VIDEO_SECONDS })),
})

/** The SCORM versions a package may declare: 1.2, and 2004 (3rd and 4th edition run alike). */
export const SCORM_VERSIONS = ['1.2', '2004'] as const
export type ScormVersion = (typeof SCORM_VERSIONS)[number]
/** What completes a SCORM block: each of its SCOs reporting completed, or passed (against its mastery score). */
export const SCORM_COMPLETIONS = ['completed', 'passed'] as const
export type ScormCompletion = (typeof SCORM_COMPLETIONS)[number]
/** One SCO of a package, as read from its manifest. */
export const ScormSco = Type.Object({
  /** The manifest item's identifier. */
  id: Type.String({ minLength: 1, maxLength: 200 }),
  title: Type.String({ maxLength: 300 }),
  /** The storage key of the page the SCO starts at, and the query its manifest adds to it. */
  entry: StoragePath,
  parameters: Type.Optional(Type.String({ maxLength: 1000 })),
  /** SCORM 1.2 `adlcp:masteryscore` (0–100), or SCORM 2004's minimum normalized measure (0–1) × 100. */
  masteryScore: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  /** What the manifest gives the SCO at launch (`adlcp:datafromlms`). */
  launchData: Type.Optional(Type.String({ maxLength: 4096 })),
})
export type ScormSco = Static<typeof ScormSco>
/** A package as the server read it when its zip was registered. */
export const ScormPackage = Type.Object({
  version: Type.Enum([...SCORM_VERSIONS]),
  /** SCORM 2004's edition when the manifest says it (3rd or 4th). */
  edition: Type.Optional(Type.String({ maxLength: 40 })),
  title: Type.String({ maxLength: 300 }),
  scos: Type.Array(ScormSco, { minItems: 1, maxItems: 200 }),
})
export type ScormPackage = Static<typeof ScormPackage>
/**
 * A SCORM package (1.2 or 2004): the uploaded zip's `path`. The server reads its manifest when the path
 * is registered and sets `package` (whatever the client sent); `completeWhen` says what completes it.
 */
export const ScormValues = Type.Object({
  ...Common,
  path: Type.Optional(StoragePath),
  package: Type.Optional(ScormPackage),
  completeWhen: Type.Optional(Type.Enum([...SCORM_COMPLETIONS])),
})
export type ScormValues = Static<typeof ScormValues>

/**
 * The question types of a form. Choice questions (`multiple`, `single`, `boolean`) carry options with
 * `correct`; `short`, `numeric`, `matching` and `ordering` carry what makes them right in their own fields;
 * an `essay` is graded by course staff (decision 0035). Every question counts one point of the score.
 */
export const QUESTION_TYPES = ['multiple', 'single', 'boolean', 'short', 'numeric', 'matching', 'ordering', 'essay'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]
/** The types answered by picking options. */
export const CHOICE_TYPES = ['multiple', 'single', 'boolean'] as const
export type ChoiceType = (typeof CHOICE_TYPES)[number]
/** The types the server grades by itself (every type but `essay`). */
export const AUTO_GRADED_TYPES = ['multiple', 'single', 'boolean', 'short', 'numeric', 'matching', 'ordering'] as const

const LocalId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })
/** The longest accepted answer of a short-answer question, and the most answers it accepts. */
export const MAX_SHORT_ANSWER = 500
export const MAX_ACCEPTED_ANSWERS = 20
/** The most pairs of a matching question and items of an ordering question. */
export const MAX_PAIRS = 20
export const MAX_ORDER_ITEMS = 20
/** The most points an essay may be worth. */
export const MAX_ESSAY_POINTS = 1000

export const FormOption = Type.Object({ id: LocalId, text: Type.String({ maxLength: 2000 }), correct: Type.Boolean() })
export type FormOption = Static<typeof FormOption>
const QuestionCommon = { id: LocalId, text: Type.String({ maxLength: 5000 }) }

/** One answer among options (`single`, `boolean`) or every correct one (`multiple`). */
export const ChoiceQuestion = Type.Object({
  ...QuestionCommon,
  type: Type.Enum([...CHOICE_TYPES]),
  options: Type.Array(FormOption, { maxItems: 20 }),
})
export type ChoiceQuestion = Static<typeof ChoiceQuestion>
/**
 * A typed answer: right when the learner's text, trimmed and with inner spaces collapsed, equals one of
 * `accepted` (compared the same way) — ignoring case unless `caseSensitive` (default false), and ignoring
 * accents unless `foldAccents` is false (default true). The checklist wants 1–20 accepted answers.
 */
export const ShortQuestion = Type.Object({
  ...QuestionCommon,
  type: Type.Literal('short'),
  accepted: Type.Array(Type.String({ maxLength: MAX_SHORT_ANSWER }), { maxItems: MAX_ACCEPTED_ANSWERS }),
  caseSensitive: Type.Optional(Type.Boolean()),
  foldAccents: Type.Optional(Type.Boolean()),
})
export type ShortQuestion = Static<typeof ShortQuestion>
/** A number: right when |given − answer| ≤ tolerance (absolute; default 0). The checklist wants an answer. */
export const NumericQuestion = Type.Object({
  ...QuestionCommon,
  type: Type.Literal('numeric'),
  answer: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
  tolerance: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
})
export type NumericQuestion = Static<typeof NumericQuestion>
export const MatchingPair = Type.Object({ id: LocalId, left: Type.String({ maxLength: 2000 }), right: Type.String({ maxLength: 2000 }) })
export type MatchingPair = Static<typeof MatchingPair>
/** Lefts to match with rights: right when every left is matched to its own right. The checklist wants 2–20 pairs. */
export const MatchingQuestion = Type.Object({
  ...QuestionCommon,
  type: Type.Literal('matching'),
  pairs: Type.Array(MatchingPair, { maxItems: MAX_PAIRS }),
})
export type MatchingQuestion = Static<typeof MatchingQuestion>
export const OrderItem = Type.Object({ id: LocalId, text: Type.String({ maxLength: 2000 }) })
export type OrderItem = Static<typeof OrderItem>
/** Items given in their correct order; learners get them shuffled. The checklist wants 2–20 items. */
export const OrderingQuestion = Type.Object({
  ...QuestionCommon,
  type: Type.Literal('ordering'),
  items: Type.Array(OrderItem, { maxItems: MAX_ORDER_ITEMS }),
})
export type OrderingQuestion = Static<typeof OrderingQuestion>
/** A written answer graded by course staff out of `maxPoints`; it counts points/maxPoints of one question. */
export const EssayQuestion = Type.Object({
  ...QuestionCommon,
  type: Type.Literal('essay'),
  maxPoints: Type.Integer({ minimum: 1, maximum: MAX_ESSAY_POINTS }),
})
export type EssayQuestion = Static<typeof EssayQuestion>

/** A question of a form or of a question bank, by `type`. */
export const FormQuestion = Type.Union([ChoiceQuestion, ShortQuestion, NumericQuestion, MatchingQuestion, OrderingQuestion, EssayQuestion])
export type FormQuestion = Static<typeof FormQuestion>

/** The most questions of one bank, and of one form's own list. */
export const MAX_BANK_QUESTIONS = 500
export const MAX_FORM_QUESTIONS = 200
/** `count` questions drawn at random, per attempt, from the course's bank `bank`. */
export const FormDraw = Type.Object({
  bank: Uuid,
  count: Type.Integer({ minimum: 1, maximum: MAX_FORM_QUESTIONS }),
})
export type FormDraw = Static<typeof FormDraw>

/**
 * An evaluation form: learners get `tries` attempts and pass at `requiredScore` percent. What makes a
 * question right is returned only to those who may edit the course; the published snapshot keeps it
 * for grading.
 *
 * Each attempt answers the form's own `questions` and the questions `draws` picks from the course's
 * banks (drawn per attempt, without repeating a question). `shuffleQuestions` puts them in a random
 * order per attempt, `shuffleOptions` the options of choice questions; `timeLimitMinutes` (null or
 * absent: none) closes the attempt that long after it starts. `weight` is the form's weight in the
 * gradebook (default 1). Every field added with question banks is optional, so forms saved before read
 * as before.
 */
export const FormValues = Type.Object({
  ...Common,
  name: Type.String({ maxLength: 300 }),
  tries: Type.Integer({ minimum: 1, maximum: 20 }),
  requiredScore: Type.Number({ minimum: 0, maximum: 100 }),
  questions: Type.Array(FormQuestion, { maxItems: MAX_FORM_QUESTIONS }),
  draws: Type.Optional(Type.Array(FormDraw, { maxItems: 20 })),
  shuffleQuestions: Type.Optional(Type.Boolean()),
  shuffleOptions: Type.Optional(Type.Boolean()),
  timeLimitMinutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 600 }), Type.Null()])),
  /** The form's weight in the gradebook's weighted grade (0–100; 1 when absent), set in the builder's gradebook tab. */
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
})
export type FormValues = Static<typeof FormValues>

/** Whether a learner may, must or may not write a text answer to an assignment. */
export const TEXT_ANSWER_MODES = ['none', 'optional', 'required'] as const
/** When an assignment is due: never, at a fixed date, or a number of days after the learner's subscription started. */
export const DUE_MODES = ['none', 'date', 'days'] as const
/** How an assignment is graded: a rubric (criteria with levels worth points) or a plain score out of a maximum. */
export const GRADING_MODES = ['rubric', 'points'] as const
/** The largest file a learner may hand in (the upload kind `assignment-file` enforces it too). */
export const MAX_ASSIGNMENT_FILE_BYTES = 50 * 1024 * 1024
export const MAX_ASSIGNMENT_FILES = 10
/** A file kind an assignment accepts: an extension (`.pdf`) or a content type (`application/pdf`, `image/*`). */
export const AcceptedFileKind = Type.String({ minLength: 2, maxLength: 100, pattern: '^(\\.[A-Za-z0-9]{1,15}|[a-z]+/([a-z0-9.+-]+|\\*))$' })
export const RubricLevel = Type.Object({ id: LocalId, title: Type.String({ maxLength: 300 }), points: Type.Number({ minimum: 0, maximum: 1000 }) })
export type RubricLevel = Static<typeof RubricLevel>
export const RubricCriterion = Type.Object({
  id: LocalId,
  title: Type.String({ maxLength: 300 }),
  levels: Type.Array(RubricLevel, { maxItems: 10 }),
})
export type RubricCriterion = Static<typeof RubricCriterion>
/**
 * An assignment graded by people: instructions (rich text, sanitised like a text block), what a learner
 * hands in (files of the accepted kinds and size, and/or a text), when it is due, how it is graded
 * (a rubric or a plain maximum score) and the pass mark (percent). `weight` is its share in the gradebook.
 */
export const AssignmentValues = Type.Object({
  ...Common,
  instructions: Type.Optional(Type.String({ maxLength: 200000 })),
  fileTypes: Type.Optional(Type.Array(AcceptedFileKind, { maxItems: 30 })),
  maxFileSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ASSIGNMENT_FILE_BYTES })),
  maxFiles: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ASSIGNMENT_FILES })),
  textAnswer: Type.Optional(Type.Enum([...TEXT_ANSWER_MODES])),
  dueMode: Type.Optional(Type.Enum([...DUE_MODES])),
  dueAt: Type.Optional(DateTime),
  dueDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  grading: Type.Optional(Type.Enum([...GRADING_MODES])),
  maxScore: Type.Optional(Type.Number({ minimum: 1, maximum: 1000 })),
  rubric: Type.Optional(Type.Array(RubricCriterion, { maxItems: 30 })),
  passMark: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
})
export type AssignmentValues = Static<typeof AssignmentValues>
// ---------------------------------------------------------------------------------------------------
// Question banks: per course, in the draft like blocks (every write carries the course's revision),
// frozen into the published snapshot and copied by a clone.
// ---------------------------------------------------------------------------------------------------

/** A bank's name and questions as written (what makes a question right included). */
export const QuestionBankValues = Type.Object({
  name: Type.String({ maxLength: 300 }),
  questions: Type.Array(FormQuestion, { maxItems: MAX_BANK_QUESTIONS }),
})
export type QuestionBankValues = Static<typeof QuestionBankValues>

/** A bank as the builder shows it; reviewers get the questions without what makes them right. */
export const QuestionBank = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** FormQuestion values; reviewers get them without what makes them right (as `withoutAnswers` strips a form). */
  questions: Type.Array(Type.Unsafe<FormQuestion>(Type.Record(Type.String(), Type.Unknown(), { description: 'A FormQuestion.' }))),
  updatedAt: DateTime,
  /** Who saved it last, as people are named. */
  updatedBy: Type.Union([Type.String(), Type.Null()]),
})
export type QuestionBank = Static<typeof QuestionBank>

/** `GET builder/banks/{id}`: the course's banks, oldest first, with the course's revision. */
export const QuestionBanksResponse = Type.Object({ revision: Type.Integer({ minimum: 1 }), items: Type.Array(QuestionBank) })
export type QuestionBanksResponse = Static<typeof QuestionBanksResponse>

/** `POST banks/add`: a new bank; the client's own `id` makes a replayed add harmless. */
export const BankAddBody = Type.Object({
  uuid: CourseUuid,
  revision: Revision,
  id: Type.Optional(Uuid),
  name: Type.String({ maxLength: 300 }),
  questions: Type.Array(Type.Unknown(), { maxItems: MAX_BANK_QUESTIONS, description: "FormQuestion values, checked like a form's questions." }),
})
export type BankAddBody = Static<typeof BankAddBody>

/** `PUT banks`: the bank's new name and questions (the whole list). */
export const BankUpdateBody = Type.Object({
  uuid: CourseUuid,
  revision: Revision,
  bank: Uuid,
  name: Type.String({ maxLength: 300 }),
  questions: Type.Array(Type.Unknown(), { maxItems: MAX_BANK_QUESTIONS, description: "FormQuestion values, checked like a form's questions." }),
})
export type BankUpdateBody = Static<typeof BankUpdateBody>

/** `POST banks/delete`: a form still drawing from it fails the checklist until the draw is removed. */
export const BankDeleteBody = Type.Object({ uuid: CourseUuid, revision: Revision, id: Uuid })
export type BankDeleteBody = Static<typeof BankDeleteBody>

/** A bank write: the course's new revision and the bank as saved. */
export const BankWriteResponse = Type.Object({ revision: Type.Integer({ minimum: 1 }), bank: QuestionBank })
export type BankWriteResponse = Static<typeof BankWriteResponse>
/** A bank deletion: the course's new revision. */
export const BankDeleteResponse = Type.Object({ revision: Type.Integer({ minimum: 1 }) })
export type BankDeleteResponse = Static<typeof BankDeleteResponse>

/** The schema the values of each kind must pass. */
export const VALUES_BY_KIND = {
  section: SectionValues,
  text: TextValues,
  image: ImageValues,
  attachment: AttachmentValues,
  link: LinkValues,
  simulation: SimulationValues,
  video: VideoValues,
  form: FormValues,
  scorm: ScormValues,
  assignment: AssignmentValues,
} as const

const AnyValues = Type.Record(Type.String(), Type.Unknown(), { description: 'The values of the kind: see the kind schemas.' })

// ---------------------------------------------------------------------------------------------------
// What the API answers.
// ---------------------------------------------------------------------------------------------------

/** A block as the builder shows it. `urls` holds read URLs for the storage paths among its values. */
export const ContentBlock = Type.Object({
  id: Uuid,
  kind: Type.Enum([...BLOCK_KINDS]),
  section: Uuid,
  position: Type.Integer({ minimum: 0 }),
  values: AnyValues,
  version: Type.Integer({ minimum: 1 }),
  updatedAt: DateTime,
  /** Username of whoever saved the current version. */
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  urls: Type.Optional(Type.Record(Type.String(), Type.String())),
})
export type ContentBlock = Static<typeof ContentBlock>

/** A section with its blocks, ordered by position. */
export const ContentSection = Type.Object({
  id: Uuid,
  kind: Type.Literal('section'),
  title: Type.String(),
  position: Type.Integer({ minimum: 0 }),
  values: AnyValues,
  version: Type.Integer({ minimum: 1 }),
  updatedAt: DateTime,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  blocks: Type.Array(ContentBlock),
})
export type ContentSection = Static<typeof ContentSection>

/** A section (with `title` and `blocks`) or a block (with `section`), as written. */
export const ContentItem = Type.Object({
  id: Uuid,
  kind: Type.Enum([...ITEM_KINDS]),
  section: Type.Optional(Uuid),
  title: Type.Optional(Type.String()),
  position: Type.Integer({ minimum: 0 }),
  values: AnyValues,
  version: Type.Integer({ minimum: 1 }),
  updatedAt: DateTime,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  urls: Type.Optional(Type.Record(Type.String(), Type.String())),
  blocks: Type.Optional(Type.Array(ContentBlock)),
})
export type ContentItem = Static<typeof ContentItem>

/** `GET builder/blocks/{id}`: the whole content, sections in order, each with its blocks in order. */
export const ContentTree = Type.Object({ items: Type.Array(ContentSection) })
export type ContentTree = Static<typeof ContentTree>

/** A write of one item: the new course revision and the item as saved. */
export const ItemWriteResponse = Type.Object({ revision: Type.Integer({ minimum: 1 }), item: ContentItem })
export type ItemWriteResponse = Static<typeof ItemWriteResponse>

/** A write that reorders (order, move, delete): the new course revision and the whole content. */
export const TreeWriteResponse = Type.Object({ revision: Type.Integer({ minimum: 1 }), items: Type.Array(ContentSection) })
export type TreeWriteResponse = Static<typeof TreeWriteResponse>

/** `GET blocks/section/{course}/{section}`. */
export const SectionResponse = Type.Object({ Item: ContentSection })
export type SectionResponse = Static<typeof SectionResponse>

/** `GET review/course/block/{course}/{block}` and the legacy `review/page/{course}/{section}/{block}`. */
export const BlockResponse = Type.Object({ Item: ContentBlock })
export type BlockResponse = Static<typeof BlockResponse>

/** `GET builder/review/course/{id}`: the course as reviewers read it, block by block. */
export const ReviewCourse = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  revision: Type.Integer({ minimum: 1 }),
  publishedVersion: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  role: Type.Enum(['owner', 'collaborator', 'grader', 'reviewer', 'admin']),
  items: Type.Array(ContentSection),
})
export const ReviewCourseResponse = Type.Object({ Item: ReviewCourse })
export type ReviewCourseResponse = Static<typeof ReviewCourseResponse>

/** Legacy `GET review/index/{id}`: the outline (sections and block titles, no values). */
export const ReviewIndexResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Uuid,
      title: Type.String(),
      position: Type.Integer({ minimum: 0 }),
      blocks: Type.Array(Type.Object({ id: Uuid, kind: Type.Enum([...BLOCK_KINDS]), title: Type.String(), position: Type.Integer({ minimum: 0 }) })),
    }),
  ),
})
export type ReviewIndexResponse = Static<typeof ReviewIndexResponse>

/** One saved version of an item; newest first in `GET blocks/history/{course}/{block}`. */
export const HistoryEntry = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  kind: Type.Enum([...ITEM_KINDS]),
  values: AnyValues,
  /** The account that saved it (its username). */
  savedBy: Type.Union([Type.String(), Type.Null()]),
  /** Who saved it, as people are named: given and family name, or e-mail; null when the account is gone. */
  savedByName: Type.Union([Type.String(), Type.Null()]),
  savedAt: DateTime,
  /** Whether this is the item's current version. */
  current: Type.Boolean(),
  /** Read URLs of the files the version points at (for a preview). */
  urls: Type.Optional(Type.Record(Type.String(), Type.String())),
})
export type HistoryEntry = Static<typeof HistoryEntry>
export const HistoryResponse = Type.Object({ items: Type.Array(HistoryEntry) })
export type HistoryResponse = Static<typeof HistoryResponse>

/** The checklist keys of `publish/validate`, in the order they are answered. */
export const VALIDATION_KEYS = [
  'name',
  'briefDescription',
  'description',
  'cover',
  'duration',
  'difficulty',
  'category',
  'content',
  'blocks',
  'plan',
  'certificateTemplate',
  'forms',
  'weights',
] as const
export type ValidationKey = (typeof VALIDATION_KEYS)[number]

/** What keeps a block or a form from passing the checklist; the builder words it in the reader's language. */
export const CHECK_PROBLEMS = [
  'noText',
  'noImage',
  'noAlt',
  'noFile',
  'noAddress',
  'noPackage',
  'noVideo',
  'videoLengthUnknown',
  'videoNeedsLength',
  'formNoName',
  'formNoQuestions',
  'questionNoText',
  'questionEmptyOption',
  'questionTwoOptions',
  'questionFewOptions',
  'questionNoCorrect',
  'questionTooManyCorrect',
  'scoreUnreachable',
  'tries',
  'assignmentNoInstructions',
  'assignmentNothingToHandIn',
  'assignmentNoDueDate',
  'rubricEmpty',
  'rubricCriterionNoLevels',
  'assignmentNoMaxScore',
  // Question banks and the newer question types (decision 0035).
  'questionNoAnswer',
  'questionEmptyAnswer',
  'questionFewPairs',
  'questionEmptyPair',
  'questionFewItems',
  'questionEmptyItem',
  'drawUnknownBank',
  'drawTooMany',
] as const
export type CheckProblemCode = (typeof CHECK_PROBLEMS)[number]
export const CheckProblem = Type.Object({
  block: Uuid,
  /** The block and its section as the checklist names them: “Title”, or #n by position. */
  blockLabel: Type.String(),
  sectionLabel: Type.String(),
  problem: Type.Enum([...CHECK_PROBLEMS]),
  /** The question concerned (from 1). */
  question: Type.Optional(Type.Integer({ minimum: 1 })),
  /** How many options a one-answer question marks as correct (`questionTooManyCorrect`). */
  correct: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * The bank concerned: a draw's (`drawUnknownBank`, `drawTooMany`), or the bank holding the question
   * when `question` counts among that bank's questions rather than the form's own.
   */
  bank: Type.Optional(Uuid),
  /** The bank's name, when it exists. */
  bankName: Type.Optional(Type.String()),
  /** How many questions the bank has (`drawTooMany`). */
  available: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type CheckProblem = Static<typeof CheckProblem>

export const ValidationItem = Type.Object({
  key: Type.Enum([...VALIDATION_KEYS]),
  ok: Type.Boolean(),
  /** What passed, or what is missing (naming the section/block/form concerned). */
  message: Type.String(),
  /** The blocks the item is about, when it concerns blocks (the builder can point at them). */
  blocks: Type.Optional(Type.Array(Uuid)),
  /** What is wrong with each of those blocks, as codes (`message` words the first three in English). */
  problems: Type.Optional(Type.Array(CheckProblem)),
})
export type ValidationItem = Static<typeof ValidationItem>
/** `GET publish/validate/{id}`: every item must pass for the course to be published. */
export const ValidationResponse = Type.Object({ ok: Type.Boolean(), items: Type.Array(ValidationItem) })
export type ValidationResponse = Static<typeof ValidationResponse>

/** `POST publish/all` (and legacy `PUT publish`): the version just frozen. */
export const PublishResponse = Type.Object({ version: Type.Integer({ minimum: 1 }), publishedAt: DateTime })
export type PublishResponse = Static<typeof PublishResponse>

/** 409 from publishing: `code: 'NOT_READY'` with the failing checklist items. */
export const PublishRefused = Type.Object({ ...ErrorBody.properties, items: Type.Optional(Type.Array(ValidationItem)) })
export type PublishRefused = Static<typeof PublishRefused>

/** 409 from a write: `code: 'STALE_REVISION'` with the course's current `revision` (see common.ts). */
export const StaleRevision = CourseConflictBody
export type StaleRevision = Static<typeof StaleRevision>

/** `{ url, fields, path }`: POST `fields` then `file` to `url`; register `path` in the block's values. */
export const UploadParamsResponse = Type.Object({ url: Type.String(), fields: Type.Record(Type.String(), Type.String()), path: Type.String() })
export type UploadParamsResponse = Static<typeof UploadParamsResponse>

// ---------------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------------

/** `POST blocks/add`: a section (no `section`) or a block of a section; appended unless `position` is given. */
export const BlockAddBody = Type.Object({
  uuid: CourseUuid,
  revision: Revision,
  item: Type.Enum([...ITEM_KINDS]),
  section: Type.Optional(Uuid),
  /** The client's own id for the new item, so that replaying a queued add never adds it twice. */
  id: Type.Optional(Uuid),
  position: Type.Optional(Position),
  values: AnyValues,
})
export type BlockAddBody = Static<typeof BlockAddBody>

/** `PUT blocks`: saves new values for an item (a new version in its history). */
export const BlockUpdateBody = Type.Object({ uuid: CourseUuid, revision: Revision, item: Uuid, values: AnyValues })
export type BlockUpdateBody = Static<typeof BlockUpdateBody>

/** `POST blocks/delete`: a section goes with its blocks. */
export const BlockDeleteBody = Type.Object({ uuid: CourseUuid, revision: Revision, id: Uuid })
export type BlockDeleteBody = Static<typeof BlockDeleteBody>

/**
 * `POST blocks/order`: the blocks of `section` (or, without it, the sections) take the positions given;
 * items not listed keep their relative order in the remaining places. Positions are then renumbered 0..n-1.
 */
export const BlockOrderBody = Type.Object({
  uuid: CourseUuid,
  revision: Revision,
  section: Type.Optional(Uuid),
  updates: Type.Array(Type.Object({ id: Uuid, position: Position }), { minItems: 1, maxItems: 1000 }),
})
export type BlockOrderBody = Static<typeof BlockOrderBody>

/** `PUT blocks/move/section`: moves a block into `section` at `position` (default: last). */
export const BlockMoveBody = Type.Object({
  uuid: CourseUuid,
  revision: Revision,
  block: Uuid,
  section: Uuid,
  position: Type.Optional(Position),
})
export type BlockMoveBody = Static<typeof BlockMoveBody>

/** `POST blocks/restore`: the values of `version` saved again as a new (current) version. */
export const BlockRestoreBody = Type.Object({ uuid: CourseUuid, revision: Revision, block: Uuid, version: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
export type BlockRestoreBody = Static<typeof BlockRestoreBody>

/**
 * `POST blocks/resource-par`: upload parameters for a block's file. The upload kind follows the block's
 * kind; before the block exists, give `kind` instead of `block`.
 */
export const ResourceParBody = Type.Object({
  uuid: CourseUuid,
  block: Type.Optional(Uuid),
  kind: Type.Optional(Type.Enum(Object.keys(RESOURCE_KINDS) as ResourceBlockKind[])),
  size: Type.Integer({ minimum: 0 }),
  contentType: Type.String({ minLength: 1, maxLength: 200 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
})
export type ResourceParBody = Static<typeof ResourceParBody>

/** `POST publish/all` and legacy `PUT publish`: publishing freezes what is saved (no revision needed). */
export const PublishBody = Type.Object({ uuid: CourseUuid })
export type PublishBody = Static<typeof PublishBody>

export const CourseParams = Type.Object({ id: CourseUuid })
export type CourseParams = Static<typeof CourseParams>
export const CourseItemParams = Type.Object({ course: Uuid, item: Uuid })
export type CourseItemParams = Static<typeof CourseItemParams>
export const ReviewPageParams = Type.Object({ course: Uuid, section: Uuid, block: Uuid })
export type ReviewPageParams = Static<typeof ReviewPageParams>

// ---------------------------------------------------------------------------------------------------
// The published snapshot (`course_versions.content`): what learners study. Immutable once written.
// Forms keep `correct` so that grading happens on the server; learner routes strip it.
// ---------------------------------------------------------------------------------------------------

/** A question bank as frozen in a snapshot. */
export interface SnapshotBank {
  id: string
  name: string
  questions: FormQuestion[]
}

export interface CourseSnapshot {
  format: 1
  version: number
  publishedAt: string
  course: {
    uuid: string
    name: string
    briefDescription: string
    description: string
    requirements: string
    certificateDetails: string
    durationHours: number | null
    status: { id: string; name: string } | null
    difficulty: { id: string; name: string } | null
    category: { id: string; name: string } | null
    organization: { id: string; name: string } | null
    certificate: { id: string; name: string } | null
    keywords: string[]
    tags: string[]
    faq: Array<{ id: string; question: string; answer: string }>
    salesEnabled: boolean
    cover: string | null
    thumbnail: string | null
    presentation: string | null
    template: string | null
    /** The owner's user sub, and the people the course is shared with. */
    createdBy: string | null
    collaborators: Array<{ username: string; name: string }>
  }
  plans: Array<{ id: string; name: string; durationDays: number; price: number | null; currency: string | null }>
  sections: Array<{
    id: string
    title: string
    position: number
    values: Record<string, unknown>
    blocks: Array<{ id: string; kind: BlockKind; position: number; version: number; values: Record<string, unknown> }>
  }>
  /** The course's question banks (absent from snapshots published before banks existed: none). */
  banks?: SnapshotBank[]
}
