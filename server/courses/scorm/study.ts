import crypto from 'node:crypto'
import type { CourseSnapshot, ScormCompletion, ScormPackage, ScormSco } from '../../../contracts/courses/content.js'
import type { ScoState, ScormCommitAnswer, ScormCommitBody, ScormLaunch, ScormState } from '../../../contracts/learner/scorm.js'
import type { Db } from '../../db/index.js'
import { HttpError } from '../../http/http-error.js'
import { readFolderUrl, type Storage } from '../../storage/index.js'
import { packagePrefix } from '../content/resources.js'
import type { Studying } from '../progress/completion.js'
import { recordOpened } from '../progress/queries.js'
import { blockTitle, type SnapshotBlock } from '../progress/rules.js'
import { step } from '../progress/steps.js'
import { attemptOver, CmiRefusal, hasResumeData, launchCmi, readReported, scoDone, storedCmi } from './cmi.js'
import { attemptsAt, commitAttempt, latestAttempt, resumeAttempt, startAttempt, type AttemptRow } from './queries.js'

/**
 * A learner studying a SCORM block (contracts/learner/scorm.ts): the state of each SCO, launching
 * one (resuming the last attempt, or starting a new one once an attempt is over), and taking what the
 * package commits. The block is done once every SCO is done by the block's rule, in any attempt; it
 * then stays done, like every other block.
 */

export function packageOf(block: SnapshotBlock): { pkg: ScormPackage; rule: ScormCompletion; path: string } {
  const pkg = block.values.package as ScormPackage | undefined
  const path = block.values.path
  if (block.kind !== 'scorm' || !pkg || typeof path !== 'string') throw new HttpError(400, 'This block is not a SCORM package', 'NOT_SCORM')
  return { pkg, rule: block.values.completeWhen === 'passed' ? 'passed' : 'completed', path }
}

function scoOf(pkg: ScormPackage, id: string): ScormSco {
  const sco = pkg.scos.find((s) => s.id === id)
  if (!sco) throw new HttpError(404, 'This package has no such SCO', 'NOT_FOUND')
  return sco
}

const score = (row: AttemptRow) => (row.score === null ? null : Number(row.score))

/** A SCO's state from its attempts: the latest attempt's figures, done when any attempt was. */
function stateOf(sco: ScormSco, rule: ScormCompletion, rows: AttemptRow[]): ScoState {
  const mine = rows.filter((r) => r.sco_id === sco.id)
  const last = mine.at(-1)
  const done = mine.some((r) => scoDone(rule, r.completion, r.success))
  if (!last) return { id: sco.id, title: sco.title, completion: 'not attempted', success: 'unknown', score: null, done, attempt: 0 }
  return {
    id: sco.id,
    title: sco.title,
    completion: last.completion as ScoState['completion'],
    success: last.success as ScoState['success'],
    score: score(last),
    done,
    attempt: last.attempt,
  }
}

export async function scormState(db: Db, sub: string, snap: CourseSnapshot, block: SnapshotBlock): Promise<ScormState> {
  const { pkg, rule } = packageOf(block)
  const rows = await attemptsAt(db, sub, snap.course.uuid, block.id)
  return { version: pkg.version, title: pkg.title, completeWhen: rule, scos: pkg.scos.map((s) => stateOf(s, rule, rows)) }
}

/**
 * Launches a SCO: its latest attempt resumed in a new session, or a new attempt when there is none or
 * the latest is over. Answers the data to start from and the page's address.
 */
export async function launchSco(
  db: Db,
  storage: Storage,
  who: Studying & { learnerName: string },
  snap: CourseSnapshot,
  block: SnapshotBlock,
  scoId: string,
  at: Date,
): Promise<ScormLaunch> {
  const { pkg, path } = packageOf(block)
  const sco = scoOf(pkg, scoId)
  const course = snap.course.uuid
  const session = crypto.randomUUID()
  const launch = await db.transaction(async (tx) => {
    const last = await latestAttempt(tx, who.sub, course, block.id, sco.id)
    const keys = { sub: who.sub, course, block: block.id, sco: sco.id, session, at }
    if (!last || attemptOver(last.completion, last.success, last.exit)) {
      const attempt = (last?.attempt ?? 0) + 1
      await startAttempt(tx, { ...keys, attempt })
      return { attempt, stored: {}, entry: 'ab-initio' as const, totalSeconds: 0 }
    }
    await resumeAttempt(tx, { ...keys, attempt: last.attempt })
    const resumable = last.exit === 'suspend' || hasResumeData(pkg.version, last.cmi)
    return {
      attempt: last.attempt,
      stored: last.cmi,
      entry: resumable ? ('resume' as const) : ('' as const),
      totalSeconds: Number(last.total_seconds) + Number(last.session_seconds),
    }
  })
  const prefix = packagePrefix(path)
  const file = sco.entry.slice(prefix.length)
  const url = await readFolderUrl(storage, prefix, file)
  return {
    sco: sco.id,
    attempt: launch.attempt,
    session,
    version: pkg.version,
    url: sco.parameters ? `${url}${url.includes('?') ? '&' : '?'}${sco.parameters}` : url,
    cmi: launchCmi(pkg.version, launch.stored, {
      learnerId: who.sub,
      learnerName: who.learnerName,
      entry: launch.entry,
      totalSeconds: launch.totalSeconds,
      sco,
    }),
    entry: launch.entry,
  }
}

/**
 * Takes a commit of a launch: checked, stored (without what the platform gives), and the block
 * completed once every SCO is done. A commit of an older launch is refused (409): another tab or
 * device launched the SCO since.
 */
export async function commitSco(
  db: Db,
  who: Studying,
  snap: CourseSnapshot,
  block: SnapshotBlock,
  body: ScormCommitBody,
  at: Date,
): Promise<ScormCommitAnswer> {
  const { pkg, rule } = packageOf(block)
  const sco = scoOf(pkg, body.sco)
  let reported
  try {
    reported = readReported(pkg.version, body.cmi, sco.masteryScore)
  } catch (error) {
    if (error instanceof CmiRefusal) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [error.field]: error.message })
    throw error
  }
  const course = snap.course.uuid
  let state: ScoState | null = null
  const answer = await step(db, who, snap, block, async (tx) => {
    // What the attempt said before, to tell the learning records what is new (only when they are kept).
    const before = who.records ? (await attemptsAt(tx, who.sub, course, block.id)).find((r) => r.sco_id === sco.id && r.attempt === body.attempt) : undefined
    const result = await commitAttempt(tx, {
      sub: who.sub,
      course,
      block: block.id,
      sco: sco.id,
      attempt: body.attempt,
      session: body.session,
      seq: body.seq,
      cmi: storedCmi(pkg.version, body.cmi),
      reported,
      at,
    })
    if (!result) throw new HttpError(404, 'This attempt was never launched', 'NOT_FOUND')
    if (result.row.session_id !== body.session) {
      throw new HttpError(409, 'This package was opened again in another window: continue there, or reload this page', 'SESSION_REPLACED')
    }
    const now = result.row
    if (who.records && result.taken) {
      const success = now.success !== before?.success && (now.success === 'passed' || now.success === 'failed') ? now.success : null
      await who.records.packageReported(
        tx,
        who.sub,
        snap,
        { id: block.id, title: blockTitle(block) },
        {
          completed: now.completion === 'completed' && before?.completion !== 'completed',
          success,
          score: score(now),
        },
      )
    }
    const rows = await attemptsAt(tx, who.sub, course, block.id)
    state = stateOf(sco, rule, rows)
    const blockDone = pkg.scos.every((s) => stateOf(s, rule, rows).done)
    return recordOpened(tx, who.sub, course, block.id, blockDone, at)
  })
  return { ...answer, sco: state! }
}
