import type { FastifyRequest, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { CourseDraft } from '../../contracts/courses/creator.js'
import type { AppOptions } from '../../server/app.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from './app.js'

/**
 * Course builder API tests: the real app and database, with one stand-in — the bearer token
 * `test:<sub>:<groups>` names the caller (sub = username), so each request picks who calls.
 * Callers that must exist in the user pool (people a course is shared with) are made with `user`.
 */

export interface Caller {
  sub: string
  groups: string[]
  headers: { authorization: string }
}

/** A caller by sub and groups (not in the user pool; see `CourseApi.user`). */
export const caller = (sub: string, groups: string[]): Caller => ({ sub, groups, headers: { authorization: `Bearer test:${sub}:${groups.join(',')}` } })

export const testAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer test:([\w.@-]+):([\w,.-]*)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: m[1], username: m[1], email: `${m[1]}@example.test`, groups: m[2] ? m[2].split(',') : [] } : null
}

export const ADMIN_CALLER = caller('course-admin', ['admin'])

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface CourseApi extends TestApp {
  /** One request as `as` (null: no token). */
  call(as: Caller | null, method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>
  /** A user in the pool with these groups (invitable when creator or reviewer); its token's sub is its username. */
  user(name: string, groups: string[]): Promise<Caller & { username: string; email: string; name: string }>
}

let made = 0

/**
 * The app with test tokens (see `caller`); `now` is the server's clock (video progress, rate-limit windows),
 * `xapiSender` the xAPI sender's timing.
 */
export async function courseApp(env: Record<string, string> = {}, options: Pick<AppOptions, 'now' | 'xapiSender' | 'reminders'> = {}): Promise<CourseApi> {
  const t = await createTestApp({ authenticate: testAuth, env, ...options })
  const call: CourseApi['call'] = (as, method, url, body) =>
    t.app.inject({ method, url, headers: as ? as.headers : {}, ...(body === undefined ? {} : { payload: body as object }) })
  return {
    ...t,
    call,
    async user(name, groups) {
      made++
      const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${made}.${process.pid}@example.test`
      const res = await call(ADMIN_CALLER, 'POST', '/api/admin/users/create', { email, name, groups })
      expect(res.statusCode, res.body).toBe(201)
      const username = res.json().Item.username as string
      return { ...caller(username, groups), username, email, name }
    },
  }
}

export const V2 = '/api/v2/courses/creator'
export const LEGACY = '/api/courses/creator'

/** Starts a course as `as` and applies `general` (update-general fields) when given. */
export async function startCourse(
  api: CourseApi,
  as: Caller,
  overrides: { name?: string; general?: Record<string, unknown> } = {},
): Promise<{ uuid: string; revision: number }> {
  made++
  const res = await api.call(as, 'POST', `${V2}/start`, { name: overrides.name ?? `Course ${made}` })
  expect(res.statusCode, res.body).toBe(201)
  const { uuid } = res.json() as { uuid: string }
  let { revision } = res.json() as { revision: number }
  if (overrides.general) {
    const upd = await api.call(as, 'PUT', `${V2}/builder/update-general`, { uuid, revision, ...overrides.general })
    expect(upd.statusCode, upd.body).toBe(200)
    revision = upd.json().revision
  }
  return { uuid, revision }
}

/** The draft as `as` sees it (expects 200). */
export async function getDraft(api: CourseApi, as: Caller, uuid: string): Promise<CourseDraft> {
  const res = await api.call(as, 'GET', `${V2}/builder/${uuid}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().Item as CourseDraft
}

/** Shares the course with `who` as `owner`; returns the new revision. */
export async function shareCourse(api: CourseApi, owner: Caller, uuid: string, who: { username: string }): Promise<number> {
  const { revision } = await getDraft(api, owner, uuid)
  const res = await api.call(owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, { username: who.username, revision })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().revision as number
}

/** The five people every permission test checks, plus an admin; `course` is owned by `owner` and shared with `collaborator`. */
export interface CourseCast {
  owner: Caller
  collaborator: Caller & { username: string }
  reviewer: Caller
  otherCreator: Caller
  learner: Caller
  admin: Caller
  course: { uuid: string }
}

export async function courseCast(api: CourseApi): Promise<CourseCast> {
  const owner = await api.user('Olga Owner', ['creator'])
  const collaborator = await api.user('Carl Collaborator', ['creator'])
  const reviewer = await api.user('Rita Reviewer', ['reviewer'])
  const otherCreator = await api.user('Omar Other', ['creator'])
  const learner = await api.user('Lena Learner', ['general'])
  const course = await startCourse(api, owner)
  await shareCourse(api, owner, course.uuid, collaborator)
  return { owner, collaborator, reviewer, otherCreator, learner, admin: ADMIN_CALLER, course: { uuid: course.uuid } }
}

/** The current revision of a course (read through the API as `as`). */
export const revisionOf = async (api: CourseApi, as: Caller, uuid: string) => (await getDraft(api, as, uuid)).revision
