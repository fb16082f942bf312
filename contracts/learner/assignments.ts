import Type, { type Static } from 'typebox'
import { MAX_ASSIGNMENT_FILE_BYTES, MAX_ASSIGNMENT_FILES, type AssignmentValues } from '../courses/content.js'
import { IssuedCertificate } from './player.js'

/**
 * Assignment blocks graded by people (docs/teaching.md "Assignments", decision 0033). A learner hands in
 * files (uploaded straight to storage, upload kind `assignment-file`) and/or a text; course staff
 * (capability 'grade') grade it with the block's rubric or a plain score, or return it for resubmission.
 * One submission per learner and block (`assignment_submissions`), whose `revision` makes a stale
 * write a 409. Learner routes only ever read the caller's own row.
 */

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })
const Percent = Type.Number({ minimum: 0, maximum: 100 })
const LocalId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })
const Revision = Type.Integer({ minimum: 0, maximum: 2147483647 })
/** A storage key the `file-par` call answered. */
const FilePath = Type.String({ minLength: 1, maxLength: 1024, pattern: '^assignments/' })

export const SUBMISSION_STATUSES = ['submitted', 'returned', 'graded'] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

// ---------------------------------------------------------------------------------------------------
// Rules both sides apply (the server decides; the web app checks a file before asking).
// ---------------------------------------------------------------------------------------------------

/** The most points the assignment gives: the sum of each criterion's best level, or the plain maximum. */
export function maxPointsOf(v: Partial<AssignmentValues>): number {
  if (v.grading === 'points') return v.maxScore ?? 0
  return (v.rubric ?? []).reduce((sum, c) => sum + (c.levels.length ? Math.max(...c.levels.map((l) => l.points)) : 0), 0)
}

/** The file kinds an assignment accepts as the browser's `accept` attribute (empty: any). */
export const acceptAttribute = (v: Partial<AssignmentValues>) => (v.fileTypes ?? []).join(',')

/** Whether a file (its name and content type) is of a kind the assignment accepts; no kinds listed: any. */
export function acceptsFile(v: Partial<AssignmentValues>, fileName: string, contentType: string): boolean {
  const kinds = v.fileTypes ?? []
  if (kinds.length === 0) return true
  const name = fileName.toLowerCase()
  const type = contentType.toLowerCase()
  return kinds.some((k) => {
    const kind = k.toLowerCase()
    if (kind.startsWith('.')) return name.endsWith(kind)
    if (kind.endsWith('/*')) return type.startsWith(kind.slice(0, -1))
    return type === kind
  })
}

/** The most files and the largest file a learner may hand in (defaults: 1 file of 10 MB). */
export const fileLimits = (v: Partial<AssignmentValues>) => ({
  maxFiles: Math.min(MAX_ASSIGNMENT_FILES, v.maxFiles ?? 1),
  maxFileSize: Math.min(MAX_ASSIGNMENT_FILE_BYTES, v.maxFileSize ?? 10 * 1024 * 1024),
})

/** When the assignment is due for a learner whose subscription started at `started`; null: never. */
export function dueDateOf(v: Partial<AssignmentValues>, started: Date | null): Date | null {
  if (v.dueMode === 'date' && v.dueAt) return new Date(v.dueAt)
  if (v.dueMode === 'days' && v.dueDays && started) return new Date(started.getTime() + v.dueDays * 86400000)
  return null
}

// ---------------------------------------------------------------------------------------------------
// Learner routes (`/api/v2/courses/assignments/...`).
// ---------------------------------------------------------------------------------------------------

export const SubmissionFile = Type.Object({
  path: Type.String(),
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  contentType: Type.String(),
  /** A short-lived read link, given only to the learner who handed it in and to course staff. */
  url: Type.Optional(Type.String()),
})
export type SubmissionFile = Static<typeof SubmissionFile>

/** A grade as the learner and the staff see it. */
export const SubmissionGrade = Type.Object({
  points: Type.Number({ minimum: 0 }),
  maxPoints: Type.Number({ minimum: 0 }),
  score: Percent,
  passed: Type.Boolean(),
  /** The chosen level per criterion id (rubric grading). */
  rubric: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  gradedAt: DateTime,
})
export type SubmissionGrade = Static<typeof SubmissionGrade>

/** The learner's submission of one assignment. */
export const Submission = Type.Object({
  id: Uuid,
  course: Uuid,
  block: Uuid,
  status: Type.Enum([...SUBMISSION_STATUSES]),
  text: Type.Union([Type.String(), Type.Null()]),
  files: Type.Array(SubmissionFile),
  submissions: Type.Integer({ minimum: 1 }),
  submittedAt: DateTime,
  late: Type.Boolean(),
  feedback: Type.Union([Type.String(), Type.Null()]),
  grade: Type.Union([SubmissionGrade, Type.Null()]),
  revision: Type.Integer({ minimum: 1 }),
})
export type Submission = Static<typeof Submission>

export const AssignmentParams = Type.Object({ course: Uuid, block: Uuid })
export type AssignmentParams = Static<typeof AssignmentParams>

/** `GET mine/{course}/{block}`: the learner's due date (null: none), whether they may hand in now, and their submission. */
export const MyAssignment = Type.Object({
  course: Uuid,
  block: Uuid,
  dueAt: Type.Union([DateTime, Type.Null()]),
  /** Whether a (re)submission is accepted now, and why not when it is not. */
  canSubmit: Type.Boolean(),
  refusal: Type.Union([Type.Enum(['ALREADY_GRADED', 'PAST_DUE']), Type.Null()]),
  submission: Type.Union([Submission, Type.Null()]),
})
export type MyAssignment = Static<typeof MyAssignment>

/** `POST file-par`: upload parameters for one file of the learner's submission. */
export const AssignmentFileAsk = Type.Object({
  course: Uuid,
  block: Uuid,
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  size: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  contentType: Type.String({ minLength: 1, maxLength: 200 }),
})
export type AssignmentFileAsk = Static<typeof AssignmentFileAsk>

/**
 * `POST submit`: the files (paths `file-par` answered, uploaded) and/or the text. `revision` is the
 * submission's as the learner last saw it (0 for a first submission); another tab's newer one: 409.
 */
export const SubmitBody = Type.Object({
  course: Uuid,
  block: Uuid,
  revision: Revision,
  text: Type.Optional(Type.String({ maxLength: 50000 })),
  files: Type.Array(Type.Object({ path: FilePath, name: Type.String({ minLength: 1, maxLength: 255 }) }), { maxItems: MAX_ASSIGNMENT_FILES }),
})
export type SubmitBody = Static<typeof SubmitBody>

// ---------------------------------------------------------------------------------------------------
// Grading routes (`/api/v2/courses/assignments/grading/...`, course staff).
// ---------------------------------------------------------------------------------------------------

export const GRADING_FILTERS = ['ungraded', 'late', 'returned', 'graded', 'all'] as const
export type GradingFilter = (typeof GRADING_FILTERS)[number]

export const GradingQueueParams = Type.Object({ course: Uuid })
export const GradingQueueQuery = Type.Object(
  {
    filter: Type.Optional(Type.Enum([...GRADING_FILTERS], { default: 'ungraded' })),
    /** Part of the learner's name, username or e-mail. */
    learner: Type.Optional(Type.String({ maxLength: 100 })),
    block: Type.Optional(Uuid),
    paginationToken: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
)
export type GradingQueueQuery = Static<typeof GradingQueueQuery>
export const GRADING_PAGE_SIZE = 20

/** A learner as graders see them. */
export const SubmissionLearner = Type.Object({ sub: Type.String(), name: Type.String(), email: Type.String() })

/** One row of the grading queue (oldest submission first). */
export const QueueItem = Type.Object({
  id: Uuid,
  block: Uuid,
  blockTitle: Type.String(),
  learner: SubmissionLearner,
  status: Type.Enum([...SUBMISSION_STATUSES]),
  submittedAt: DateTime,
  late: Type.Boolean(),
  score: Type.Union([Percent, Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
})
export type QueueItem = Static<typeof QueueItem>
export const GradingQueue = Type.Object({
  items: Type.Array(QueueItem),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  /** The assignment blocks of the course's published version (for the filter). */
  assignments: Type.Array(Type.Object({ id: Uuid, title: Type.String() })),
})
export type GradingQueue = Static<typeof GradingQueue>

export const SubmissionParams = Type.Object({ id: Uuid })
export type SubmissionParams = Static<typeof SubmissionParams>

/** `GET grading/submission/{id}`: the submission with the learner and the assignment's grading rules. */
export const StaffSubmission = Type.Object({
  ...Submission.properties,
  learner: SubmissionLearner,
  blockTitle: Type.String(),
  /** The assignment as published: instructions, grading mode, rubric, maximum and pass mark. */
  assignment: Type.Record(Type.String(), Type.Unknown()),
  maxPoints: Type.Number({ minimum: 0 }),
  gradedBy: Type.Union([Type.String(), Type.Null()]),
})
export type StaffSubmission = Static<typeof StaffSubmission>

/**
 * `POST grading/grade`: a rubric grade (the chosen level id per criterion id; every criterion must be
 * chosen) or a plain `points` grade, with feedback. `revision` is the submission's as the grader saw it.
 * Points, percent and pass are the server's.
 */
export const GradeBody = Type.Object({
  id: Uuid,
  revision: Revision,
  rubric: Type.Optional(Type.Record(LocalId, LocalId, { maxProperties: 30 })),
  points: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  feedback: Type.Optional(Type.String({ maxLength: 20000 })),
})
export type GradeBody = Static<typeof GradeBody>

/** `POST grading/return`: sends the work back for resubmission with feedback. */
export const ReturnBody = Type.Object({
  id: Uuid,
  revision: Revision,
  feedback: Type.String({ minLength: 1, maxLength: 20000 }),
})
export type ReturnBody = Static<typeof ReturnBody>

/** What grading answers: the submission, and the learner's certificate when this grade completed the course. */
export const GradeResponse = Type.Object({ Item: StaffSubmission, certificate: Type.Union([IssuedCertificate, Type.Null()]) })
export type GradeResponse = Static<typeof GradeResponse>

export const ASSIGNMENT_NOT_FOUND = 'Assignment not found'
export const SUBMISSION_NOT_FOUND = 'Submission not found'
/** 409 `ALREADY_GRADED`: graded work is final. */
export const ALREADY_GRADED = 'This assignment is already graded'
/** 409 `PAST_DUE`: the due date has passed and the work was not returned for resubmission. */
export const PAST_DUE = 'The due date has passed: the assignment no longer accepts submissions'
/** 409 `STALE_REVISION`: someone (another grader, the learner, another tab) changed the submission first. */
export const STALE_SUBMISSION = 'The submission changed in the meantime: reload it'
/** 409 `NOT_SUBMITTED`: a returned submission waits for the learner. */
export const NOT_GRADABLE = 'Only submitted work can be graded or returned'
