import Type, { type Static } from 'typebox'
import { SCORM_COMPLETIONS, SCORM_VERSIONS } from '../courses/content.js'
import { CourseProgress } from './player.js'

/**
 * SCORM blocks in the player (`/api/v2/courses/course/scorm/...`). A launch opens a session of one SCO:
 * the server answers the run-time data to start from (the learner's last attempt to resume, or a new
 * attempt) and the address of the SCO's page. The player runs scorm-again's API with that data and
 * commits what the package reports; the server keeps it, reads completion, success and score from it,
 * and completes the block by the creator's rule. Only the latest launch of a SCO may commit (an older
 * tab is answered 409), and a commit numbered no higher than the last one taken changes nothing.
 */

/**
 * The frame a SCO runs in is named this prefix and the JSON `{ version, cmi }` of the data it starts
 * with (flattened element → value): the package's bridge reads it before the package's first call.
 */
export const SCORM_FRAME_NAME_PREFIX = 'aula-scorm:'

/** The run-time calls a package's frame may pass to the player's API (scorm-again's cross-frame protocol). */
export const SCORM_FRAME_METHODS = [
  'LMSInitialize',
  'LMSFinish',
  'LMSGetValue',
  'LMSSetValue',
  'LMSCommit',
  'LMSGetLastError',
  'LMSGetErrorString',
  'LMSGetDiagnostic',
  'Initialize',
  'Terminate',
  'GetValue',
  'SetValue',
  'Commit',
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
  'getFlattenedCMI',
] as const

const Uuid = Type.String({ format: 'uuid' })
const ScoId = Type.String({ minLength: 1, maxLength: 200 })

/** What completion a SCO reported: SCORM 2004's words (SCORM 1.2's lesson status maps onto them). */
export const SCO_COMPLETIONS = ['not attempted', 'incomplete', 'completed', 'unknown'] as const
export const SCO_SUCCESSES = ['passed', 'failed', 'unknown'] as const

/** A SCO of a block with where the learner stands in it (best of their attempts). */
export const ScoState = Type.Object({
  id: ScoId,
  title: Type.String(),
  completion: Type.Enum([...SCO_COMPLETIONS]),
  success: Type.Enum([...SCO_SUCCESSES]),
  /** The score in percent, when the package reported one. */
  score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
  /** Whether this SCO counts as done by the block's rule. */
  done: Type.Boolean(),
  /** The learner's latest attempt (0: never launched). */
  attempt: Type.Integer({ minimum: 0 }),
})
export type ScoState = Static<typeof ScoState>

/** `GET course/scorm/{course}/{block}`: the package and the learner's state in each SCO. */
export const ScormState = Type.Object({
  version: Type.Enum([...SCORM_VERSIONS]),
  title: Type.String(),
  completeWhen: Type.Enum([...SCORM_COMPLETIONS]),
  scos: Type.Array(ScoState),
})
export type ScormState = Static<typeof ScormState>
export const ScormStateResponse = Type.Object({ Item: ScormState })
export type ScormStateResponse = Static<typeof ScormStateResponse>

export const ScormLaunchBody = Type.Object({ sco: ScoId })
export type ScormLaunchBody = Static<typeof ScormLaunchBody>

/** Run-time data as scorm-again renders it (`cmi` without its wrapper), JSON values only. */
const Cmi = Type.Record(Type.String(), Type.Unknown())

/** `POST course/scorm/{course}/{block}/launch`. */
export const ScormLaunch = Type.Object({
  sco: ScoId,
  attempt: Type.Integer({ minimum: 1 }),
  /** The session this launch opened: its commits name it. */
  session: Uuid,
  version: Type.Enum([...SCORM_VERSIONS]),
  /** The SCO's page (a signed link to the package's folder, with the manifest's parameters). */
  url: Type.String(),
  /** The data to start from (`loadFromJSON`): the attempt's saved data with what the platform gives. */
  cmi: Cmi,
  entry: Type.Enum(['ab-initio', 'resume', '']),
})
export type ScormLaunch = Static<typeof ScormLaunch>
export const ScormLaunchResponse = Type.Object({ Item: ScormLaunch })
export type ScormLaunchResponse = Static<typeof ScormLaunchResponse>

/** The most run-time data one commit may carry (JSON text). */
export const MAX_CMI_BYTES = 512 * 1024

/** `PUT course/scorm/{course}/{block}/commit`. */
export const ScormCommitBody = Type.Object({
  sco: ScoId,
  attempt: Type.Integer({ minimum: 1, maximum: 100000 }),
  session: Uuid,
  /** The commit's order within the session, from 1. */
  seq: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  cmi: Cmi,
  /** Whether the package ended the session (LMSFinish / Terminate). */
  finished: Type.Optional(Type.Boolean()),
})
export type ScormCommitBody = Static<typeof ScormCommitBody>

export const ScormCommitAnswer = Type.Object({
  block: Type.Object({ id: Uuid, completed: Type.Boolean(), watchedSeconds: Type.Number({ minimum: 0 }) }),
  progress: CourseProgress,
  sco: ScoState,
})
export type ScormCommitAnswer = Static<typeof ScormCommitAnswer>

export const ScormBlockParams = Type.Object({ course: Uuid, block: Uuid })
export type ScormBlockParams = Static<typeof ScormBlockParams>
