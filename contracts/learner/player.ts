import Type, { type Static } from 'typebox'
import { BLOCK_KINDS, GRADING_MODES, MAX_VIDEO_SECONDS, SCORM_COMPLETIONS, SCORM_VERSIONS, TEXT_ANSWER_MODES } from '../courses/content.js'
import { Named } from './catalogue.js'
import { Nullable } from '../nullable.js'

/**
 * The course player (requirements §7 "Learner fetches": `course/index`, `course/page`, `metrics/re`,
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

/**
 * The video progress rule. The server owns each video's length (`values.duration`). The watched point
 * advances at most as fast as playing at MAX_PLAYBACK_RATE over the time the server's clock measured
 * since the learner's previous report (or since the block was opened), counting at most
 * MAX_REPORT_GAP_SECONDS of a silence: a player reports every few seconds while playing, so a longer
 * silence is a pause, not watching. Seeking ahead moves the position (where to resume) but what was
 * watched only catches up at that rate. The video is done once the watched point reaches its end,
 * less the slack `videoEndSlack` (at most 10 % of its length).
 */
export const MAX_PLAYBACK_RATE = 2
export const MAX_REPORT_GAP_SECONDS = 60
export const VIDEO_END_SLACK_SECONDS = 10
export const VIDEO_END_SLACK_RATIO = 0.1

/** How far from the end the watched point may stop for the video to count as watched: 10 s, or 10 % of a shorter one. */
export const videoEndSlack = (duration: number) => Math.min(VIDEO_END_SLACK_SECONDS, duration * VIDEO_END_SLACK_RATIO)

/** The certificate of a completed course, once issued. */
export const IssuedCertificate = Type.Object({
  code: Type.String(),
  issuedAt: DateTime,
  /** Where the caller downloads the PDF. */
  url: Type.String(),
  /** When an administrator revoked it (then it is no longer handed out); null while it stands. */
  revokedAt: Type.Optional(Nullable(DateTime)),
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
 * link `{url}`, simulation `{url}` (or its file in `urls.entry`), video `{url, duration}` (or `urls.path`), form
 * `{name, tries, requiredScore, questions}` without answers, SCORM `{package, completeWhen}`. Every kind has
 * `title` and `required`.
 */
export const LearnerValues = Type.Object({
  title: Type.String(),
  required: Type.Boolean(),
  html: Type.Optional(Type.String()),
  alt: Type.Optional(Type.String()),
  fileName: Type.Optional(Type.String()),
  size: Type.Optional(Type.Integer({ minimum: 0 })),
  url: Type.Optional(Type.String()),
  /** A video's length in seconds, as the server knows it. */
  duration: Type.Optional(Type.Number({ minimum: 0 })),
  name: Type.Optional(Type.String()),
  tries: Type.Optional(Type.Integer({ minimum: 1 })),
  requiredScore: Type.Optional(Type.Number()),
  questions: Type.Optional(Type.Array(LearnerQuestion)),
  /** A SCORM package: its version, title and SCOs (the learner's state in each: `course/scorm`). */
  package: Type.Optional(
    Type.Object({
      version: Type.Enum([...SCORM_VERSIONS]),
      title: Type.String(),
      scos: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
    }),
  ),
  completeWhen: Type.Optional(Type.Enum([...SCORM_COMPLETIONS])),
  /**
   * An assignment as learners read it: its instructions, what it takes and how it is graded (the rubric
   * is shown to learners); the learner's due date and submission are `assignments/mine`.
   */
  assignment: Type.Optional(
    Type.Object({
      instructions: Type.String(),
      fileTypes: Type.Array(Type.String()),
      maxFiles: Type.Integer({ minimum: 0 }),
      maxFileSize: Type.Integer({ minimum: 0 }),
      textAnswer: Type.Enum([...TEXT_ANSWER_MODES]),
      grading: Type.Enum([...GRADING_MODES]),
      maxPoints: Type.Number({ minimum: 0 }),
      passMark: Type.Number({ minimum: 0, maximum: 100 }),
      rubric: Type.Array(
        Type.Object({
          id: Type.String(),
          title: Type.String(),
          levels: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), points: Type.Number() })),
        }),
      ),
    }),
  ),
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

/** `PUT metrics/position`: where a video is, in whole seconds from its start. */
export const PositionBody = Type.Object({
  course: Uuid,
  block: Uuid,
  seconds: Type.Integer({ minimum: 0, maximum: MAX_VIDEO_SECONDS, description: 'Whole seconds from the start of the video (0 to 86400)' }),
  /** Accepted from older players and ignored: the server knows every video's length. */
  duration: Type.Optional(Type.Unknown({ description: 'Ignored: the server knows the length of the video' })),
})
export type PositionBody = Static<typeof PositionBody>

/** What `metrics/re` and `metrics/position` answer: the block's state and the course's. */
export const ProgressAnswer = Type.Object({
  block: Type.Object({ id: Uuid, completed: Type.Boolean(), watchedSeconds: Type.Number({ minimum: 0 }) }),
  progress: CourseProgress,
})
export type ProgressAnswer = Static<typeof ProgressAnswer>
