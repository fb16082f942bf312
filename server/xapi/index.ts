import type { BlockKind, CourseSnapshot } from '../../contracts/courses/content.js'
import { formatCode } from '../certificates/code.js'
import type { Config } from '../config.js'
import type { Queryable } from '../db/index.js'
import { queueStatements } from './queries.js'
import {
  blockActivity,
  courseActivity,
  earnedStatement,
  formStatements,
  packageStatements,
  statement,
  type EventFacts,
  type FormGrade,
  type PackageReport,
} from './statements.js'

export { XapiSender, type XapiSenderOptions } from './sender.js'
export { countQueuedStatements } from './queries.js'

/**
 * Aula's learning events as xAPI statements for a Learning Record Store (docs/xapi.md). Each method
 * queues the event's statements in the caller's transaction, the one that records the event, so a
 * statement exists exactly when its event was committed; `XapiSender` sends them later, off every
 * request's path. There is one per app when XAPI_ENDPOINT is set, and none otherwise (nothing is queued).
 */
export class LearningRecords {
  constructor(
    /** The installation's public URL (PUBLIC_URL). */
    private readonly site: string,
    /** The server's clock: a statement's timestamp is when its event was recorded. */
    private readonly now: () => Date,
  ) {}

  private facts(sub: string, snap: CourseSnapshot): EventFacts {
    return { site: this.site, sub, snap, at: this.now() }
  }

  /** The learner opened a block in the player. */
  async experienced(tx: Queryable, sub: string, snap: CourseSnapshot, block: { id: string; kind: BlockKind; title: string }) {
    const facts = this.facts(sub, snap)
    await queueStatements(tx, sub, [statement(facts, 'experienced', blockActivity(this.site, snap, block))])
  }

  /** The learner submitted a form and Aula graded it: answered, scored, passed or failed. */
  async answered(tx: Queryable, sub: string, snap: CourseSnapshot, form: { id: string; title: string }, grade: FormGrade) {
    const facts = this.facts(sub, snap)
    await queueStatements(tx, sub, formStatements(facts, blockActivity(this.site, snap, { ...form, kind: 'form' }), grade))
  }

  /** A SCORM package reported something new for the learner: completed, passed or failed (nothing queued otherwise). */
  async packageReported(tx: Queryable, sub: string, snap: CourseSnapshot, block: { id: string; title: string }, report: PackageReport) {
    const statements = packageStatements(this.facts(sub, snap), blockActivity(this.site, snap, { ...block, kind: 'scorm' }), report)
    if (statements.length) await queueStatements(tx, sub, statements)
  }

  /** The learner completed the course (the first time). */
  async completed(tx: Queryable, sub: string, snap: CourseSnapshot) {
    const facts = this.facts(sub, snap)
    await queueStatements(tx, sub, [statement(facts, 'completed', courseActivity(this.site, snap), { completion: true })])
  }

  /** The learner's certificate of the course was issued. */
  async earned(tx: Queryable, sub: string, snap: CourseSnapshot, certificate: { code: string }) {
    const code = formatCode(certificate.code)
    await queueStatements(tx, sub, [earnedStatement(this.facts(sub, snap), { code, verifyUrl: `${this.site}/certificates/verify/${code}` })])
  }
}

/** The app's learning records: present when an LRS is configured (XAPI_ENDPOINT, with PUBLIC_URL). */
export function learningRecords(config: Pick<Config, 'XAPI_ENDPOINT' | 'PUBLIC_URL'>, now: () => Date): LearningRecords | null {
  return config.XAPI_ENDPOINT && config.PUBLIC_URL ? new LearningRecords(config.PUBLIC_URL, now) : null
}
