import type { ScormCompletion, ScormSco, ScormVersion } from '../../../contracts/courses/content.js'
import type { ScoState } from '../../../contracts/learner/scorm.js'

/**
 * The run-time data (CMI) of SCORM 1.2 and 2004 as the server reads it: what a commit reports
 * (completion, success, score, exit, the session's time), checked against the standards' vocabularies;
 * what the platform gives a launch (the learner, entry, credit, total time, mastery score, launch
 * data), which the learner's data never overrides; and the block's rule for a done SCO.
 */

type Cmi = Record<string, unknown>
export type Completion = ScoState['completion']
export type Success = ScoState['success']

/** A commit refused for what it says: `field` names the element (`cmi.core.lesson_status`). */
export class CmiRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

export interface Reported {
  completion: Completion
  success: Success
  /** Percent, or null. */
  score: number | null
  exit: string
  sessionSeconds: number
}

const obj = (v: unknown): Cmi => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Cmi) : {})
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

const LESSON_STATUS = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'] as const
const COMPLETION_STATUS = ['completed', 'incomplete', 'not attempted', 'unknown'] as const
const SUCCESS_STATUS = ['passed', 'failed', 'unknown'] as const
const EXIT_12 = ['', 'time-out', 'suspend', 'logout'] as const
const EXIT_2004 = ['', 'time-out', 'suspend', 'logout', 'normal'] as const

function oneOf<T extends string>(value: string, allowed: readonly T[], field: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new CmiRefusal(field, `Must be one of: ${allowed.map((a) => (a === '' ? '(empty)' : a)).join(', ')}`)
}

/** A decimal number (CMIDecimal), or null when empty. */
function decimal(value: string, field: string, min: number, max: number): number | null {
  if (value === '') return null
  if (!/^-?\d{1,10}(?:\.\d{1,10})?$/.test(value)) throw new CmiRefusal(field, 'Must be a decimal number')
  const n = Number(value)
  if (n < min || n > max) throw new CmiRefusal(field, `Must be between ${min} and ${max}`)
  return n
}

/** A raw score within [min, max] as a percent (min and max default to 0 and 100). */
function percentOf(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null
  const lo = min ?? 0
  const hi = max ?? 100
  const percent = hi > lo ? ((raw - lo) * 100) / (hi - lo) : raw
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100
}

/** SCORM 1.2 CMITimespan `HHHH:MM:SS.SS`, in seconds. */
function timespan12(value: string, field: string): number {
  if (value === '') return 0
  const m = /^(\d{2,4}):([0-5]\d):([0-5]\d)(?:\.(\d{1,2}))?$/.exec(value)
  if (!m) throw new CmiRefusal(field, 'Must be a time span HHHH:MM:SS.SS')
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(`${m[3]}.${m[4] ?? '0'}`)
}

/** SCORM 2004 timeinterval (ISO 8601 duration `P[nY][nM][nD][T[nH][nM][n.nS]]`), in seconds. */
function interval2004(value: string, field: string): number {
  if (value === '') return 0
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,2})?)S)?)?$/.exec(value)
  if (!m || value === 'P' || value.endsWith('T')) throw new CmiRefusal(field, 'Must be an ISO 8601 duration such as PT1H5M30S')
  const [years, months, days, hours, minutes, seconds] = m.slice(1).map((x) => Number(x ?? 0))
  return years * 365 * 86400 + months * 30 * 86400 + days * 86400 + hours * 3600 + minutes * 60 + seconds
}

/** What a commit reports, checked; `mastery` (percent) decides success when a score is reported. */
export function readReported(version: ScormVersion, cmi: Cmi, mastery: number | undefined): Reported {
  if (version === '1.2') {
    const core = obj(cmi.core)
    const score = obj(core.score)
    const status = oneOf(str(core.lesson_status) || 'not attempted', LESSON_STATUS, 'cmi.core.lesson_status')
    const raw = decimal(str(score.raw), 'cmi.core.score.raw', -1e9, 1e9)
    const percent = percentOf(raw, decimal(str(score.min), 'cmi.core.score.min', -1e9, 1e9), decimal(str(score.max), 'cmi.core.score.max', -1e9, 1e9))
    let success: Success = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'unknown'
    const finished = status === 'passed' || status === 'completed' || status === 'failed'
    // SCORM 1.2: with a mastery score, a finished SCO's raw score decides passed or failed.
    if (mastery !== undefined && raw !== null && finished) success = raw >= mastery ? 'passed' : 'failed'
    return {
      completion: finished ? 'completed' : status === 'not attempted' ? 'not attempted' : 'incomplete',
      success,
      score: percent,
      exit: oneOf(str(core.exit), EXIT_12, 'cmi.core.exit'),
      sessionSeconds: timespan12(str(core.session_time), 'cmi.core.session_time'),
    }
  }
  const score = obj(cmi.score)
  const scaled = decimal(str(score.scaled), 'cmi.score.scaled', -1, 1)
  const raw = decimal(str(score.raw), 'cmi.score.raw', -1e9, 1e9)
  const percent =
    scaled !== null
      ? Math.max(0, Math.round(scaled * 10000) / 100)
      : percentOf(raw, decimal(str(score.min), 'cmi.score.min', -1e9, 1e9), decimal(str(score.max), 'cmi.score.max', -1e9, 1e9))
  let success = oneOf(str(cmi.success_status) || 'unknown', SUCCESS_STATUS, 'cmi.success_status')
  // SCORM 2004: with a scaled passing score, the scaled score decides passed or failed.
  if (mastery !== undefined && scaled !== null) success = scaled * 100 >= mastery ? 'passed' : 'failed'
  return {
    completion: oneOf(str(cmi.completion_status) || 'unknown', COMPLETION_STATUS, 'cmi.completion_status'),
    success,
    score: percent,
    exit: oneOf(str(cmi.exit), EXIT_2004, 'cmi.exit'),
    sessionSeconds: interval2004(str(cmi.session_time), 'cmi.session_time'),
  }
}

/** Whether a SCO in this state is done by the block's rule. */
export const scoDone = (rule: ScormCompletion, completion: string, success: string) =>
  rule === 'passed' ? success === 'passed' : completion === 'completed' || success === 'passed'

/** Whether an attempt is over, so that the next launch starts a new one: it ended, finished, without suspending. */
export const attemptOver = (completion: string, success: string, exit: string) => exit !== 'suspend' && (completion === 'completed' || success !== 'unknown')

/** What the learner's data may not say: the platform gives it at each launch (or it is write-only). */
const PLATFORM_12 = {
  core: ['student_id', 'student_name', 'credit', 'entry', 'lesson_mode', 'total_time', 'exit', 'session_time'],
  student_data: ['mastery_score'],
}
const PLATFORM_2004 = ['learner_id', 'learner_name', 'credit', 'entry', 'mode', 'total_time', 'exit', 'session_time', 'scaled_passing_score', 'launch_data']

/** The learner's data as stored: what the platform gives removed. */
export function storedCmi(version: ScormVersion, cmi: Cmi): Cmi {
  const copy = structuredClone(cmi)
  if (version === '1.2') {
    delete copy.launch_data
    for (const [group, fields] of Object.entries(PLATFORM_12)) {
      const node = obj(copy[group])
      for (const f of fields) delete node[f]
      if (group in copy) copy[group] = node
    }
  } else for (const f of PLATFORM_2004) delete copy[f]
  return copy
}

const pad = (n: number, width = 2) => String(Math.floor(n)).padStart(width, '0')
/** Seconds as SCORM 1.2's `HHHH:MM:SS` (at most 9999 hours). */
const timespan = (s: number) => `${pad(Math.min(9999, s / 3600), 4)}:${pad((s % 3600) / 60)}:${pad(s % 60)}`
/** Seconds as SCORM 2004's `PT#H#M#S`. */
const interval = (s: number) => `PT${Math.floor(s / 3600)}H${Math.floor((s % 3600) / 60)}M${Math.floor(s % 60)}S`

export interface LaunchFacts {
  learnerId: string
  learnerName: string
  entry: 'ab-initio' | 'resume' | ''
  totalSeconds: number
  sco: Pick<ScormSco, 'masteryScore' | 'launchData'>
}

/** The data a launch starts from: the learner's stored data with what the platform gives. */
export function launchCmi(version: ScormVersion, stored: Cmi, facts: LaunchFacts): Cmi {
  const cmi = structuredClone(stored)
  if (version === '1.2') {
    cmi.core = {
      ...obj(cmi.core),
      student_id: facts.learnerId,
      student_name: facts.learnerName,
      credit: 'credit',
      entry: facts.entry,
      lesson_mode: 'normal',
      total_time: timespan(facts.totalSeconds),
    }
    if (!str(obj(cmi.core).lesson_status)) obj(cmi.core).lesson_status = 'not attempted'
    cmi.student_data = { ...obj(cmi.student_data), mastery_score: facts.sco.masteryScore === undefined ? '' : String(facts.sco.masteryScore) }
    cmi.launch_data = facts.sco.launchData ?? ''
    return cmi
  }
  return {
    ...cmi,
    learner_id: facts.learnerId,
    learner_name: facts.learnerName,
    credit: 'credit',
    entry: facts.entry,
    mode: 'normal',
    total_time: interval(facts.totalSeconds),
    ...(facts.sco.masteryScore === undefined ? {} : { scaled_passing_score: String(facts.sco.masteryScore / 100) }),
    launch_data: facts.sco.launchData ?? '',
  }
}

/** Whether the stored data holds something to resume from (a location or suspend data). */
export function hasResumeData(version: ScormVersion, cmi: Cmi): boolean {
  return version === '1.2'
    ? str(obj(cmi.core).lesson_location) !== '' || str(cmi.suspend_data) !== ''
    : str(cmi.location) !== '' || str(cmi.suspend_data) !== ''
}
