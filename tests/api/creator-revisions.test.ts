import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STALE_REVISION_MESSAGE } from '../../contracts/courses/common.js'
import { courseApp, courseCast, getDraft, LEGACY, V2, type CourseApi, type CourseCast } from '../helpers/courses.js'

/**
 * Every builder write carries the course revision it was made against and is refused with 409 when
 * that revision is stale (docs/decisions/0007): a tab that was left behind can never overwrite what
 * another saved. Without a revision the write is a 400. Either way nothing changes.
 */

let api: CourseApi
let cast: CourseCast
let uuid = ''
let section = ''
let block = ''
beforeAll(async () => {
  api = await courseApp()
  cast = await courseCast(api)
  uuid = cast.course.uuid
  const add = async (body: Record<string, unknown>) => {
    const res = await api.call(cast.owner, 'POST', `${V2}/blocks/add`, { uuid, revision: (await getDraft(api, cast.owner, uuid)).revision, ...body })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().item.id as string
  }
  section = await add({ item: 'section', values: { title: 'Basics' } })
  block = await add({ item: 'text', section, values: { title: 'Intro', html: '<p>Saved</p>' } })
})
afterAll(() => api.close())

type Write = [method: 'POST' | 'PUT', url: string, body: Record<string, unknown>]

/** One write of every builder route, without its revision. */
const writes = (): Write[] => [
  ['PUT', `${V2}/builder/update-general`, { uuid, name: 'Stale name', description: 'Stale' }],
  ['POST', `${V2}/builder/faq-update`, { uuid, items: [{ question: 'Stale?', answer: 'Yes.' }] }],
  ['POST', `${V2}/builder/tags-update`, { uuid, items: ['stale'] }],
  ['POST', `${V2}/builder/subscription-update`, { uuid, items: [{ name: 'Stale plan', durationDays: 30 }] }],
  ['POST', `${V2}/builder/collaborators-update`, { uuid, items: [] }],
  ['PUT', `${V2}/builder/share/add/collaborators/${uuid}`, { username: cast.reviewer.sub }],
  ['PUT', `${V2}/builder/share/remove/collaborators/${uuid}`, { username: cast.collaborator.username }],
  ['PUT', `${V2}/builder/cover`, { uuid, cover: null }],
  ['PUT', `${V2}/builder/thumbnail`, { uuid, thumbnail: null }],
  ['PUT', `${V2}/builder/presentation`, { uuid, presentation: null }],
  ['PUT', `${V2}/builder/certificate-template`, { uuid, template: null }],
  ['POST', `${V2}/blocks/add`, { uuid, item: 'section', values: { title: 'Stale section' } }],
  ['PUT', `${V2}/blocks`, { uuid, item: block, values: { title: 'Intro', html: '<p>Stale</p>' } }],
  ['POST', `${V2}/blocks/delete`, { uuid, id: block }],
  ['POST', `${V2}/blocks/order`, { uuid, updates: [{ id: section, position: 0 }] }],
  ['PUT', `${V2}/blocks/move/section`, { uuid, block, section, position: 0 }],
  ['POST', `${V2}/blocks/restore`, { uuid, block, version: 1 }],
  ['POST', `${V2}/banks/add`, { uuid, name: 'Stale bank', questions: [] }],
  ['PUT', `${V2}/banks`, { uuid, bank: '00000000-0000-4000-8000-000000000001', name: 'Stale bank', questions: [] }],
  ['POST', `${V2}/banks/delete`, { uuid, id: '00000000-0000-4000-8000-000000000001' }],
  ['POST', `${LEGACY}/builder/update-general`, { uuid, updates: { name: 'Stale legacy' } }],
  ['POST', `${LEGACY}/builder/faq-update`, { uuid, updates: [{ question: 'Stale?', answer: 'Yes.' }] }],
]

/** Everything a write could change: the draft and its content. */
async function snapshot() {
  const draft = await getDraft(api, cast.owner, uuid)
  const content = await api.call(cast.owner, 'GET', `${V2}/builder/blocks/${uuid}`)
  return { draft, content: content.json() }
}

describe('builder writes and the course revision', () => {
  it('refuses every write made on a stale revision with 409 and the current revision, changing nothing', async () => {
    const before = await snapshot()
    const current = before.draft.revision
    for (const [method, url, body] of writes()) {
      const res = await api.call(cast.owner, method, url, { ...body, revision: current - 1 })
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409)
      expect(res.json(), `${method} ${url}`).toEqual({ message: STALE_REVISION_MESSAGE, code: 'STALE_REVISION', revision: current })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('refuses every write without a revision with 400, changing nothing', async () => {
    const before = await snapshot()
    for (const [method, url, body] of writes()) {
      const res = await api.call(cast.owner, method, url, body)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('covers every write route of the builder', () => {
    const listed = new Set(writes().map(([method, url]) => `${method} ${url.replace(uuid, ':id')}`))
    const routes = api.app
      .printRoutes({ commonPrefix: false, includeMeta: false })
      .split('\n')
      .map((line) => /(api\/\S*) \(([A-Z, ]+)\)/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .flatMap((m) => m[2]!.split(', ').map((method) => `${method} /${m[1]!}`))
      .filter((r) => /^(POST|PUT|PATCH|DELETE) \/api(\/v2)?\/courses\/creator\//.test(r))
    expect(routes.length).toBeGreaterThan(10)
    // Writes that change no course: starting one, copying one, importing one, upload parameters, publishing (a snapshot of
    // what is saved), dismissing an import's report (the builder's notice, not the course).
    const exempt =
      /\/(start|builder\/clone|import\/cartridge|import\/cartridge-par|import\/report\/:id|publish\/all|publish|builder\/[a-z-]+-par|blocks\/resource-par)$/
    const legacyAction = /^POST \/api\/courses\/creator\/builder\/:id\|:action$/
    const v2 = (r: string) => r.replace('/api/courses/creator/', '/api/v2/courses/creator/')
    const unchecked = routes.filter((r) => !exempt.test(r) && !legacyAction.test(r) && !listed.has(v2(r)) && !listed.has(r))
    expect(unchecked).toEqual([])
  })
})
