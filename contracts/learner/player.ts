import Type, { type Static } from 'typebox'
import { BLOCK_KINDS } from '../courses/content.js'
import { Named } from './catalogue.js'
import { Nullable } from '../nullable.js'

/**
 * The course player (spec §7 "Learner fetches": `course/index`, `course/page`, `metrics/re`,
 * `metrics/gcc`). Every route needs an active subscription to the course; otherwise 403 with
 * `SubscriptionRefused`. Forms never carry their answers here.
 */

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })

export const SUBSCRIPTION_REFUSALS = {
  NOT_SUBSCRIBED: 'Subscribe to this course to study it',
  SUBSCRIPTION_EXPIRED: 'Your subscription to this course has expired',
  SUBSCRIPTION_REVOKED: 'Your subscription to this course was revoked',
} as const
export type SubscriptionRefusalCode = keyof typeof SUBSCRIPTION_REFUSALS

/** 403 from a player route. */
export const SubscriptionRefused = Type.Object({
  message: Type.String(),
  code: Type.Enum(Object.keys(SUBSCRIPTION_REFUSALS) as SubscriptionRefusalCode[]),
})
export type SubscriptionRefused = Static<typeof SubscriptionRefused>

/** A video counts as done once this share of it was watched. */
export const VIDEO_COMPLETION_RATIO = 0.95
/**
 * How far the watched point may move between two reports: playback up to this rate over the time
 * elapsed since the previous report, plus a slack for reporting delays. Seeking ahead moves the
 * position (where to resume) but not what was watched.
 */
export const MAX_PLAYBACK_RATE = 2
export const REPORT_SLACK_SECONDS = 30

/** The certificate of a completed course, once issued. */
export const IssuedCertificate = Type.Object({
  code: Type.String(),
  issuedAt: DateTime,
  /** Where the caller downloads the PDF. */
  url: Type.String(),
})
export type IssuedCertificate = Static<typeof IssuedCertificate>

/** Completion of the blocks that count (the required ones, or all when none is required). */
export const CourseProgress = Type.Object({
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  /** Whole percent, 0 to 100. */
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  completed: Type.Boolean(),
  completedAt: Nullable(DateTime),
  certificate: Nullable(IssuedCertificate),
})
export type CourseProgress = Static<typeof CourseProgress>

/** Where the learner left off: the last block opened and, for a video, the second reached. */
export const ResumePoint = Type.Object({ block: Uuid, seconds: Type.Number({ minimum: 0 }) })
export type ResumePoint = Static<typeof ResumePoint>

export const IndexBlock = Type.Object({
  id: Uuid,
  kind: Type.Enum([...BLOCK_KINDS]),
  title: Type.String(),
  required: Type.Boolean(),
  completed: Type.Boolean(),
})
export type IndexBlock = Static<typeof IndexBlock>

/** `GET course/index/{id}`. */
export const PlayerIndex = Type.Object({
  course: Type.Object({
    uuid: Uuid,
    name: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    organization: Nullable(Named),
    Details: Type.Object({ Organization: Type.Optional(Type.String()) }),
  }),
  sections: Type.Array(Type.Object({ id: Uuid, title: Type.String(), blocks: Type.Array(IndexBlock) })),
  progress: CourseProgress,
  resume: Nullable(ResumePoint),
  subscription: Type.Object({ expiresAt: DateTime, remainingDays: Type.Integer({ minimum: 0 }) }),
})
export type PlayerIndex = Static<typeof PlayerIndex>
export const PlayerIndexResponse = Type.Object({ Item: PlayerIndex })
export type PlayerIndexResponse = Static<typeof PlayerIndexResponse>

/** A form question as learners get it: options without `correct`. */
export const LearnerQuestion = Type.Object({
  id: Type.String(),
  type: Type.String(),
  text: Type.String(),
  options: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
})

/**
 * A block's values for studying it, by kind: text `{html}`, image `{alt}`, attachment `{fileName, size}`,
 * link `{url}`, simulation `{url}` (or its file in `urls.entry`), video `{url}` (or `urls.path`), form
 * `{name, tries, requiredScore, questions}` without answers. Every kind has `title` and `required`.
 */
export const LearnerValues = Type.Object({
  title: Type.String(),
  required: Type.Boolean(),
  html: Type.Optional(Type.String()),
  alt: Type.Optional(Type.String()),
  fileName: Type.Optional(Type.String()),
  size: Type.Optional(Type.Integer({ minimum: 0 })),
  url: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  tries: Type.Optional(Type.Integer({ minimum: 1 })),
  requiredScore: Type.Optional(Type.Number()),
  questions: Type.Optional(Type.Array(LearnerQuestion)),
})
export type LearnerValues = Static<typeof LearnerValues>

/** `GET course/page/{course}/{block}`. */
export const PlayerPage = Type.Object({
  course: Uuid,
  section: Type.Object({ id: Uuid, title: Type.String() }),
  block: Type.Object({
    id: Uuid,
    kind: Type.Enum([...BLOCK_KINDS]),
    values: LearnerValues,
    /** Read URLs of the block's files (`path`, `entry`). */
    urls: Type.Record(Type.String(), Type.String()),
    completed: Type.Boolean(),
    /** Video: the furthest second watched and the last one reached. */
    watchedSeconds: Type.Number({ minimum: 0 }),
    positionSeconds: Type.Number({ minimum: 0 }),
  }),
  previous: Nullable(Uuid),
  next: Nullable(Uuid),
})
export type PlayerPage = Static<typeof PlayerPage>
export const PlayerPageResponse = Type.Object({ Item: PlayerPage })
export type PlayerPageResponse = Static<typeof PlayerPageResponse>

export const PlayerCourseParams = Type.Object({ id: Uuid })
export const PlayerBlockParams = Type.Object({ course: Uuid, block: Uuid })
export type PlayerBlockParams = Static<typeof PlayerBlockParams>
export const ProgressCourseParams = Type.Object({ course: Uuid })

/** `PUT metrics/position`: where a video is (seconds) and how long it is. */
export const PositionBody = Type.Object({
  course: Uuid,
  block: Uuid,
  seconds: Type.Number({ minimum: 0, maximum: 86400 }),
  duration: Type.Number({ exclusiveMinimum: 0, maximum: 86400 }),
})
export type PositionBody = Static<typeof PositionBody>

/** What `metrics/re` and `metrics/position` answer: the block's state and the course's. */
export const ProgressAnswer = Type.Object({
  block: Type.Object({ id: Uuid, completed: Type.Boolean(), watchedSeconds: Type.Number({ minimum: 0 }) }),
  progress: CourseProgress,
})
export type ProgressAnswer = Static<typeof ProgressAnswer>
