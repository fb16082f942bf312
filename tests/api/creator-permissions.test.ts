import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { courseApp, courseCast, LEGACY, revisionOf, V2, type Caller, type CourseApi, type CourseCast } from '../helpers/courses.js'

/**
 * Every course creator route against the five people of the issue — owner, collaborator, reviewer,
 * another creator, a learner — on the v2 path and on its legacy alias. Routes that need a fresh
 * revision read it right before the call, so each call stands on its own.
 */

let api: CourseApi
let cast: CourseCast
let invitee: Caller & { username: string }
beforeAll(async () => {
  api = await courseApp()
  cast = await courseCast(api)
  invitee = await api.user('Ivan Invitee', ['creator'])
})
afterAll(() => api.close())

type Who = 'owner' | 'collaborator' | 'reviewer' | 'otherCreator' | 'learner'
const PEOPLE: Who[] = ['owner', 'collaborator', 'reviewer', 'otherCreator', 'learner']

interface RouteCase {
  name: string
  method: 'GET' | 'POST' | 'PUT'
  /** The path after the prefix. */
  path: (uuid: string) => string
  body?: (uuid: string, revision: number) => unknown
  /** The status each person gets (the legacy list writes reach the v2 route through `builder/:action`). */
  expected: Record<Who, number>
}

const READ = { owner: 200, collaborator: 200, reviewer: 200, otherCreator: 404, learner: 403 }
const EDIT = { owner: 200, collaborator: 200, reviewer: 403, otherCreator: 404, learner: 403 }
const MANAGE = { owner: 200, collaborator: 403, reviewer: 403, otherCreator: 404, learner: 403 }

const cases = (): RouteCase[] => [
  { name: 'GET builder/:id', method: 'GET', path: (u) => `builder/${u}`, expected: READ },
  {
    name: 'PUT builder/update-general',
    method: 'PUT',
    path: () => 'builder/update-general',
    body: (uuid, revision) => ({ uuid, revision, requirements: 'Some' }),
    expected: EDIT,
  },
  ...['cover', 'thumbnail', 'presentation', 'certificate-template'].flatMap((m): RouteCase[] => [
    {
      name: `POST builder/${m}-par`,
      method: 'POST',
      path: () => `builder/${m}-par`,
      body: (uuid) => ({ uuid, size: 10, contentType: m === 'presentation' ? 'video/mp4' : 'image/png', fileName: 'f' }),
      expected: EDIT,
    },
    {
      name: `PUT builder/${m}`,
      method: 'PUT',
      path: () => `builder/${m}`,
      body: (uuid, revision) => ({ uuid, revision, [m === 'certificate-template' ? 'template' : m]: null }),
      expected: EDIT,
    },
  ]),
  {
    name: 'POST builder/faq-update/',
    method: 'POST',
    path: () => 'builder/faq-update/',
    body: (uuid, revision) => ({ uuid, revision, items: [{ question: 'Q', answer: 'A' }] }),
    expected: EDIT,
  },
  {
    name: 'POST builder/tags-update/',
    method: 'POST',
    path: () => 'builder/tags-update/',
    body: (uuid, revision) => ({ uuid, revision, items: ['t'] }),
    expected: EDIT,
  },
  {
    name: 'POST builder/subscription-update/',
    method: 'POST',
    path: () => 'builder/subscription-update/',
    body: (uuid, revision) => ({ uuid, revision, items: [{ name: 'Monthly', durationDays: 30 }] }),
    expected: EDIT,
  },
  {
    name: 'POST builder/collaborators-update/',
    method: 'POST',
    path: () => 'builder/collaborators-update/',
    body: (uuid, revision) => ({ uuid, revision, items: [{ username: cast.collaborator.username }] }),
    expected: MANAGE,
  },
  {
    name: 'PUT builder/share/add/collaborators/:id',
    method: 'PUT',
    path: (u) => `builder/share/add/collaborators/${u}`,
    body: (_u, revision) => ({ username: invitee.username, revision }),
    expected: MANAGE,
  },
  {
    name: 'PUT builder/share/remove/collaborators/:id',
    method: 'PUT',
    path: (u) => `builder/share/remove/collaborators/${u}`,
    body: (_u, revision) => ({ username: invitee.username, revision }),
    expected: MANAGE,
  },
  { name: 'GET share/collaborators/:id', method: 'GET', path: (u) => `share/collaborators/${u}`, expected: READ },
  { name: 'GET share/creators/:id', method: 'GET', path: (u) => `share/creators/${u}`, expected: MANAGE },
  // Cloning makes the caller an owner: creators who edit the course; reviewers are refused by group.
  {
    name: 'POST builder/clone',
    method: 'POST',
    path: () => 'builder/clone',
    body: (uuid) => ({ uuid }),
    expected: { owner: 201, collaborator: 201, reviewer: 403, otherCreator: 404, learner: 403 },
  },
]

describe('course creator routes × roles', () => {
  for (const prefix of [V2, LEGACY]) {
    for (const c of cases()) {
      it(`${prefix === V2 ? 'v2' : 'legacy'} ${c.name}`, async () => {
        const { uuid } = cast.course
        for (const who of PEOPLE) {
          const revision = await revisionOf(api, cast.owner, uuid)
          const res = await api.call(cast[who], c.method, `${prefix}/${c.path(uuid)}`, c.body?.(uuid, revision))
          expect(res.statusCode, `${who}: ${res.body}`).toBe(c.expected[who])
          // A refused write leaves the revision alone.
          if (res.statusCode >= 400) expect(await revisionOf(api, cast.owner, uuid)).toBe(revision)
        }
      })
    }
  }

  it("lists never show another creator's course, and learners cannot list", async () => {
    for (const prefix of [V2, LEGACY]) {
      for (const filter of ['mine', 'shared', 'all']) {
        const items = (await api.call(cast.otherCreator, 'GET', `${prefix}/all/1/${filter}`)).json().items as Array<{ uuid: string }>
        expect(items.map((i) => i.uuid)).not.toContain(cast.course.uuid)
        const collab = (await api.call(cast.collaborator, 'GET', `${prefix}/all/1/${filter}`)).json().items as Array<{ uuid: string }>
        expect(collab.some((i) => i.uuid === cast.course.uuid)).toBe(filter !== 'mine')
        expect((await api.call(cast.learner, 'GET', `${prefix}/all/1/${filter}`)).statusCode).toBe(403)
        expect((await api.call(cast.learner, 'GET', `${prefix}/count/1/${filter}`)).statusCode).toBe(403)
        expect((await api.call(null, 'GET', `${prefix}/count/1/${filter}`)).statusCode).toBe(401)
      }
    }
  })
})
