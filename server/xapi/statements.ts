import crypto from 'node:crypto'
import type { BlockKind, CourseSnapshot } from '../../contracts/courses/content.js'

/**
 * xAPI 1.0.3 statements for Aula's learning events (docs/xapi.md). Pure functions: they build the
 * JSON the LRS receives; `./index.ts` queues it in the event's transaction.
 */

export const XAPI_VERSION = '1.0.3'

const ADL = 'http://adlnet.gov/expapi/verbs/'
/**
 * The verbs Aula uses. ADL's vocabulary has no verb for earning a credential, so `earned` is the
 * xAPI registry's (id.tincanapi.com), the one LRS reports and badge tools know.
 */
export const VERBS = {
  experienced: `${ADL}experienced`,
  answered: `${ADL}answered`,
  scored: `${ADL}scored`,
  passed: `${ADL}passed`,
  failed: `${ADL}failed`,
  completed: `${ADL}completed`,
  earned: 'http://id.tincanapi.com/verb/earned',
} as const
export type Verb = keyof typeof VERBS

const ACTIVITY = 'http://adlnet.gov/expapi/activities/'
/** The ADL activity type of a course and of each block kind. */
export const ACTIVITY_TYPES: Record<BlockKind | 'course', string> = {
  course: `${ACTIVITY}course`,
  text: `${ACTIVITY}lesson`,
  image: `${ACTIVITY}media`,
  video: `${ACTIVITY}media`,
  attachment: `${ACTIVITY}file`,
  link: `${ACTIVITY}link`,
  simulation: `${ACTIVITY}simulation`,
  form: `${ACTIVITY}assessment`,
  scorm: `${ACTIVITY}module`,
  assignment: `${ACTIVITY}assessment`,
}

/**
 * The language tag of course names and block titles: a course does not say which language it is
 * written in, so its texts are "undetermined" (BCP 47 `und`), which every LRS accepts.
 */
export const CONTENT_LANGUAGE = 'und'

/** The IRIs of Aula's own extensions, under the installation's public URL. */
export const extensionIris = (site: string) => ({
  courseVersion: `${site}/xapi/extensions/course-version`,
  certificateCode: `${site}/xapi/extensions/certificate-code`,
  certificateUrl: `${site}/xapi/extensions/certificate-url`,
})

export interface Activity {
  objectType: 'Activity'
  id: string
  definition: { type: string; name: Record<string, string> }
}

export interface Statement {
  id: string
  version: typeof XAPI_VERSION
  timestamp: string
  actor: { objectType: 'Agent'; account: { homePage: string; name: string } }
  verb: { id: string; display: { 'en-US': string } }
  object: Activity
  result?: {
    score?: { scaled: number; raw: number; min: number; max: number }
    success?: boolean
    completion?: boolean
    extensions?: Record<string, unknown>
  }
  context: {
    platform: 'Aula'
    contextActivities?: { parent: Activity[] }
    extensions: Record<string, unknown>
  }
}

/** Who did what, where and when: what every statement of one event shares. */
export interface EventFacts {
  /** The installation's public URL (PUBLIC_URL): the actor's home page and the root of every activity id. */
  site: string
  /** The learner's account id (the user pool's sub). */
  sub: string
  snap: CourseSnapshot
  /** When the event happened, by the server's clock. */
  at: Date
}

export const courseActivity = (site: string, snap: CourseSnapshot): Activity => ({
  objectType: 'Activity',
  id: `${site}/courses/${snap.course.uuid}`,
  definition: { type: ACTIVITY_TYPES.course, name: { [CONTENT_LANGUAGE]: snap.course.name } },
})

export const blockActivity = (site: string, snap: CourseSnapshot, block: { id: string; kind: BlockKind; title: string }): Activity => ({
  objectType: 'Activity',
  id: `${site}/courses/${snap.course.uuid}/blocks/${block.id}`,
  // A block without a title (an untitled image) is still named: the LRS's reports show something.
  definition: { type: ACTIVITY_TYPES[block.kind], name: { [CONTENT_LANGUAGE]: block.title || block.kind } },
})

/**
 * One statement. The learner is an `account` on the installation (home page = public URL, name = the
 * user pool's sub), never an e-mail address: the LRS learns no personal data, and the sub never
 * changes when the learner changes their address.
 */
export function statement(facts: EventFacts, verb: Verb, object: Activity, result?: Statement['result']): Statement {
  const { site, sub, snap, at } = facts
  const inCourse = object.definition.type !== ACTIVITY_TYPES.course
  return {
    id: crypto.randomUUID(),
    version: XAPI_VERSION,
    timestamp: at.toISOString(),
    actor: { objectType: 'Agent', account: { homePage: site, name: sub } },
    verb: { id: VERBS[verb], display: { 'en-US': verb } },
    object,
    ...(result ? { result } : {}),
    context: {
      platform: 'Aula',
      ...(inCourse ? { contextActivities: { parent: [courseActivity(site, snap)] } } : {}),
      extensions: { [extensionIris(site).courseVersion]: snap.version },
    },
  }
}

/** A form's grade as Aula gives it: the percentage of questions answered right, passed at the required score. */
export interface FormGrade {
  score: number
  passed: boolean
}

/** The statements of a submitted form: answered, scored, then passed or failed. */
export function formStatements(facts: EventFacts, form: Activity, grade: FormGrade): Statement[] {
  const score = { scaled: Math.round(grade.score * 100) / 10000, raw: grade.score, min: 0, max: 100 }
  return [
    statement(facts, 'answered', form, { completion: true }),
    statement(facts, 'scored', form, { score }),
    statement(facts, grade.passed ? 'passed' : 'failed', form, { score, success: grade.passed }),
  ]
}

/** What a SCORM package newly reported for a learner: completion, and a success status with its score (percent). */
export interface PackageReport {
  completed: boolean
  success: 'passed' | 'failed' | null
  score: number | null
}

/** The statements of a package's report: completed, then scored and passed or failed. */
export function packageStatements(facts: EventFacts, block: Activity, report: PackageReport): Statement[] {
  const score = report.score === null ? undefined : { scaled: Math.round(report.score * 100) / 10000, raw: report.score, min: 0, max: 100 }
  return [
    ...(report.completed ? [statement(facts, 'completed', block, { completion: true })] : []),
    ...(report.success && score ? [statement(facts, 'scored', block, { score })] : []),
    ...(report.success ? [statement(facts, report.success, block, { ...(score ? { score } : {}), success: report.success === 'passed' })] : []),
  ]
}

/** The statement of an issued certificate: the learner earned the course's credential. */
export function earnedStatement(facts: EventFacts, certificate: { code: string; verifyUrl: string }): Statement {
  const iris = extensionIris(facts.site)
  return statement(facts, 'earned', courseActivity(facts.site, facts.snap), {
    completion: true,
    extensions: { [iris.certificateCode]: certificate.code, [iris.certificateUrl]: certificate.verifyUrl },
  })
}
