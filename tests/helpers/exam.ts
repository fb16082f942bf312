import { AdminAddUserToGroupCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { createUserWith, signIn } from '../bench/srp.js'

/**
 * Learners of the demo catalogue (AULA_SEED=demo) over real HTTP with real tokens: made through the
 * admin API, signed in with SRP, subscribing, opening pages and answering evaluation forms. What the
 * server acknowledged (a 2xx) is remembered, so a test can read it all back after a crash.
 */

export const POOL_ID = 'eu-west-1_AulaLocal'
export const CLIENT_ID = '4ulaweb0c1ient0loca10000001'
export const PASSWORD = 'Exam-Password-7-horse'

export interface Learner {
  email: string
  token: string
}

/** `count` learners in the pool (group general), each signed in through `url`. */
export async function signedInLearners(admin: CognitoIdentityProviderClient, url: string, count: number, tag: string): Promise<Learner[]> {
  const learners: Learner[] = []
  const one = async (i: number) => {
    const email = `${tag}.${i}.${process.pid}@example.test`
    await createUserWith(admin, POOL_ID, email, PASSWORD)
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: POOL_ID, Username: email, GroupName: 'general' }))
    learners[i] = { email, token: await signIn(`${url}/identity/`, CLIENT_ID, POOL_ID.split('_')[1], email, PASSWORD) }
  }
  // A few at a time: sign-ins are CPU work on a small machine.
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => one(i + j)))
  return learners
}

export interface Answer {
  status: number
  body: unknown
}

/** One call as `learner`; a connection refused or cut is status 0. */
export async function call(base: string, learner: Learner, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${learner.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON (a proxy's own error page)
    }
    return { status: res.status, body: parsed }
  } catch {
    return { status: 0, body: null }
  }
}

export interface DemoCourse {
  uuid: string
  plan: string
  /** Blocks that opening completes (not videos, not forms). */
  pages: string[]
  forms: Array<{ id: string; questions: Array<{ id: string; options: Array<{ id: string }> }> }>
}

/** The published demo courses, their free plan, pages and forms, as a subscribed learner sees them. */
export async function demoCourses(base: string, learner: Learner): Promise<DemoCourse[]> {
  const catalogue = await call(base, learner, 'GET', '/api/v2/courses/all/1')
  if (catalogue.status !== 200) throw new Error(`catalogue: ${catalogue.status} ${JSON.stringify(catalogue.body)}`)
  const courses: DemoCourse[] = []
  for (const { uuid } of (catalogue.body as { items: Array<{ uuid: string }> }).items) {
    const plans = await call(base, learner, 'GET', `/api/v2/courses/course/subscriptions/${uuid}`)
    const plan = (plans.body as { plans: Array<{ id: string }> }).plans[0]!.id
    const subscribed = await call(base, learner, 'POST', '/api/v2/courses/course/subscribe', { uuid, plan })
    if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${JSON.stringify(subscribed.body)}`)
    const index = await call(base, learner, 'GET', `/api/v2/courses/course/index/${uuid}`)
    const blocks = (index.body as { Item: { sections: Array<{ blocks: Array<{ id: string; kind: string }> }> } }).Item.sections.flatMap((s) => s.blocks)
    const forms = []
    for (const f of blocks.filter((b) => b.kind === 'form')) {
      const form = await call(base, learner, 'POST', '/api/v2/courses/forms/request', { course: uuid, id: f.id })
      forms.push({ id: f.id, questions: (form.body as DemoCourse['forms'][number]).questions })
    }
    courses.push({ uuid, plan, pages: blocks.filter((b) => b.kind !== 'form' && b.kind !== 'video').map((b) => b.id), forms })
  }
  return courses
}

/** The first option of every question: an answer the server grades like any other. */
export const firstOptions = (form: DemoCourse['forms'][number]) => Object.fromEntries(form.questions.map((q) => [q.id, [q.options[0]!.id]]))

/** What the server acknowledged, per learner. */
export interface Acknowledged {
  subscriptions: Set<string>
  /** `course/block` opened and answered completed. */
  pages: Set<string>
  /** Attempts acknowledged per `course/form`. */
  attempts: Map<string, number>
}

export const acknowledged = (): Acknowledged => ({ subscriptions: new Set(), pages: new Set(), attempts: new Map() })

/**
 * Reads back everything `ack` says the server acknowledged for `learner`, and answers what is
 * missing (an empty list when nothing acknowledged was lost).
 */
export async function missingWrites(base: string, learner: Learner, ack: Acknowledged, courses: DemoCourse[]): Promise<string[]> {
  const missing: string[] = []
  for (const course of courses) {
    const index = await call(base, learner, 'GET', `/api/v2/courses/course/index/${course.uuid}`)
    if (index.status !== 200) {
      if (ack.subscriptions.has(course.uuid)) missing.push(`${learner.email}: subscription to ${course.uuid} (index ${index.status})`)
      continue
    }
    const done = new Set(
      (index.body as { Item: { sections: Array<{ blocks: Array<{ id: string; completed: boolean }> }> } }).Item.sections.flatMap((s) =>
        s.blocks.filter((b) => b.completed).map((b) => b.id),
      ),
    )
    for (const page of course.pages)
      if (ack.pages.has(`${course.uuid}/${page}`) && !done.has(page)) missing.push(`${learner.email}: page ${page} no longer completed`)
    for (const form of course.forms) {
      const expected = ack.attempts.get(`${course.uuid}/${form.id}`) ?? 0
      if (expected === 0) continue
      const standing = await call(base, learner, 'POST', '/api/v2/courses/forms/request', { course: course.uuid, id: form.id })
      const used = (standing.body as { attemptsUsed?: number }).attemptsUsed ?? -1
      if (used < expected) missing.push(`${learner.email}: ${expected} attempts at ${form.id} acknowledged, ${used} kept`)
    }
  }
  return missing
}
