import Type, { type Static } from 'typebox'
import { CourseRevision, CourseUuid } from './common.js'

/**
 * The gradebook (docs/teaching.md "Gradebook"): a course's graded items (its form and assignment blocks),
 * each with a weight; the staff table of learners × items with each learner's weighted grade and
 * completion; and the learner's own progress page. Every figure is the server's.
 */

/** The block kinds that are graded. */
export const GRADED_KINDS = ['form', 'assignment'] as const
export type GradedKind = (typeof GRADED_KINDS)[number]

/** The weight a graded block has when its values give none. */
export const DEFAULT_WEIGHT = 1
export const MAX_WEIGHT = 100
/** A graded item's weight: 0 (counts for nothing) to 100. */
export const Weight = Type.Number({ minimum: 0, maximum: MAX_WEIGHT, description: 'The weight of the item in the weighted grade, 0–100.' })

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

/** `:course` path parameter. */
export const GradebookParams = Type.Object({ course: CourseUuid })
export type GradebookParams = Static<typeof GradebookParams>

/** A graded item as the gradebook lists it. */
export const GradedItem = Type.Object({
  id: Uuid,
  kind: Type.Enum([...GRADED_KINDS]),
  /** The block's name (a form's name, else its title); may be empty. */
  name: Type.String(),
  section: Uuid,
  sectionTitle: Type.String(),
  required: Type.Boolean(),
  weight: Weight,
})
export type GradedItem = Static<typeof GradedItem>

/** The state of an assignment for one learner: `none` when nothing was submitted. */
export const ASSIGNMENT_STATES = ['none', 'submitted', 'returned', 'graded'] as const
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number]

/**
 * One learner's standing on one graded item. A form: its best score, whether any try passed, the tries
 * used. An assignment: the grade's score and pass once graded, its state and whether it came in late.
 * `score` is null while there is nothing to count (no try, not graded); the weighted grade counts it as 0.
 */
export const GradeCell = Type.Object({
  item: Uuid,
  score: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
  passed: Nullable(Type.Boolean()),
  attemptsUsed: Type.Optional(Type.Integer({ minimum: 0 })),
  tries: Type.Optional(Type.Integer({ minimum: 0 })),
  status: Type.Optional(Type.Enum([...ASSIGNMENT_STATES])),
  late: Type.Optional(Type.Boolean()),
})
export type GradeCell = Static<typeof GradeCell>

/** Where a learner stands with the course's completion and certificate. */
export const CompletionState = Type.Object({
  completed: Type.Boolean(),
  completedAt: Nullable(DateTime),
  /** The certificate's code once issued. */
  certificate: Nullable(Type.String()),
  /** The counted blocks done, and how many count. */
  done: Type.Integer({ minimum: 0 }),
  required: Type.Integer({ minimum: 0 }),
})
export type CompletionState = Static<typeof CompletionState>

export const GradebookLearner = Type.Object({
  username: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
})
export type GradebookLearner = Static<typeof GradebookLearner>

export const GradebookRow = Type.Object({
  learner: GradebookLearner,
  cells: Type.Array(GradeCell),
  /** The weighted mean of the item scores (a missing score counts 0), to two decimals; null when every weight is 0. */
  grade: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
  completion: CompletionState,
})
export type GradebookRow = Static<typeof GradebookRow>

export const COMPLETION_FILTERS = ['completed', 'notCompleted'] as const
export const ITEM_FILTERS = ['ungraded', 'failing'] as const
export type ItemFilter = (typeof ITEM_FILTERS)[number]

/** The table's filters; `item` with `itemState` keeps the learners whose item is ungraded or failing. */
export const GradebookFilter = {
  search: Type.Optional(Type.String({ maxLength: 200, description: 'A learner username, or the start of a name or e-mail.' })),
  completion: Type.Optional(Type.Enum([...COMPLETION_FILTERS])),
  item: Type.Optional(Uuid),
  itemState: Type.Optional(Type.Enum([...ITEM_FILTERS])),
}
export const GradebookQuery = Type.Object({
  ...GradebookFilter,
  sizePerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  paginationToken: Type.Optional(Type.String({ maxLength: 500 })),
})
export type GradebookQuery = Static<typeof GradebookQuery>
export const GradebookExportQuery = Type.Object(GradebookFilter)
export type GradebookExportQuery = Static<typeof GradebookExportQuery>

/** One page of the staff table: learners by username, with the graded items of the published course. */
export const GradebookPage = Type.Object({
  /** The published course's graded items in course order (the draft's while it was never published). */
  gradedItems: Type.Array(GradedItem),
  items: Type.Array(GradebookRow),
  paginationToken: Nullable(Type.String()),
  estimated: Type.Integer({ minimum: 0 }),
})
export type GradebookPage = Static<typeof GradebookPage>

/** A counted block the learner has not done yet. */
export const RemainingBlock = Type.Object({
  id: Uuid,
  kind: Type.String(),
  title: Type.String(),
  section: Uuid,
  sectionTitle: Type.String(),
})
export type RemainingBlock = Static<typeof RemainingBlock>

/** `GET gradebook/{course}/me`: the learner's own standing. */
export const MyProgress = Type.Object({
  course: Type.Object({ uuid: CourseUuid, name: Type.String() }),
  items: Type.Array(Type.Object({ ...GradedItem.properties, cell: GradeCell })),
  grade: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
  completion: CompletionState,
  /** What is still to do for the certificate, in course order. */
  remaining: Type.Array(RemainingBlock),
})
export type MyProgress = Static<typeof MyProgress>

/** `GET gradebook/{course}/weights`: the draft's graded items and the course's revision. */
export const WeightsResponse = Type.Object({ revision: CourseRevision, items: Type.Array(GradedItem) })
export type WeightsResponse = Static<typeof WeightsResponse>

/** `PUT gradebook/{course}/weights`: one block's weight, from the course's revision. */
export const WeightBody = Type.Object({ revision: CourseRevision, block: Uuid, weight: Weight })
export type WeightBody = Static<typeof WeightBody>
export const WeightWriteResponse = Type.Object({ revision: CourseRevision, item: GradedItem })
export type WeightWriteResponse = Static<typeof WeightWriteResponse>
