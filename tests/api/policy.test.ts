import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { GROUPS } from '../../contracts/groups.js'
import { landingPath, routePolicy, screenGroups, type Access } from '../../contracts/policy.js'
import { accessPlugin } from '../../server/plugins/access.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

// The caller is chosen per request by a test header, so one app serves every group.
const principalFor = (groups: string[]): Principal => ({ sub: 'u-1', username: 'u-1', email: 'u1@example.com', groups })
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    authenticate: async (request) => {
      const header = request.headers['x-test-groups']
      return typeof header === 'string' ? principalFor(header ? header.split(',') : []) : null
    },
  })
})
afterAll(() => t.close())

// An organisation's `:host` is a domain (its managers' group); no organisation has it here.
const fillParams = (url: string) =>
  url
    .replace(':host', 'x.example')
    .replace(/:[A-Za-z_]+/g, 'x')
    .replace(/\*$/, 'x')

describe('route access policy', () => {
  it('has an entry for every /api route and a route for every entry', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`))
    for (const key of registered) expect(Object.keys(routePolicy)).toContain(key)
    for (const key of Object.keys(routePolicy)) expect(registered, `stale policy entry ${key}`).toContain(key)
  })

  it('refuses to start with a route missing from the table', async () => {
    const app = Fastify()
    await app.register(accessPlugin)
    await app.after()
    expect(() => app.get('/api/not-in-the-table', async () => ({}))).toThrow(/missing from the access policy/)
    await app.close()
  })

  // Every route × every group: only the group part is checked here (owner rules are the handlers').
  const routes = Object.entries(routePolicy as Record<string, Access>).filter(([, a]) => a.kind !== 'public')
  for (const [key, access] of routes) {
    const [method, url] = key.split(' ') as [string, string]
    it(`${key} answers 401 to a visitor and respects the groups`, async () => {
      const inject = (groups?: string[]) =>
        t.app.inject({
          method: method as 'GET',
          url: fillParams(url),
          headers: groups ? { 'x-test-groups': groups.join(',') } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        })
      expect((await inject()).statusCode).toBe(401)
      if (access.kind === 'organization-managers') {
        // The group is the route's `:host`: administrators pass (to a 404: no such organisation), its group too, every role group is refused.
        // (An empty body is a 400 to those let in: the group check runs before the body is read.)
        const admitted = [404, ...(method === 'GET' ? [] : [400])]
        for (const group of [...GROUPS, 'nobody']) {
          const status = (await inject([group])).statusCode
          if (group === 'admin') expect(admitted, `${key} as ${group}`).toContain(status)
          else expect(status, `${key} as ${group}`).toBe(403)
        }
        expect(admitted, `${key} as the group x.example`).toContain((await inject(['x.example'])).statusCode)
        return
      }
      for (const group of [...GROUPS, 'nobody']) {
        const res = await inject([group])
        const allowed = access.kind === 'signed-in' || (access.kind === 'groups' && (access.groups as readonly string[]).includes(group))
        if (allowed) {
          expect(res.statusCode, `${key} as ${group}`).not.toBe(401)
          if (!(access.kind === 'groups' && access.rule)) expect(res.statusCode, `${key} as ${group}`).not.toBe(403)
        } else {
          expect(res.statusCode, `${key} as ${group}`).toBe(403)
        }
      }
    })
  }
})

describe('screen policy follows the route policy', () => {
  const groupsOf = (key: keyof typeof routePolicy) => {
    const access = routePolicy[key] as Access
    return access.kind === 'groups' ? [...access.groups].sort() : []
  }

  it('opens each gated screen to exactly the groups its API admits', () => {
    // An administrator reaches the AI avatars without joining the experimental group, as the API lets them.
    expect([...(screenGroups('/experimental/ai-avatars') ?? [])].sort()).toEqual(groupsOf('GET /api/v2/experimental/ai-avatar-list-requests'))
    expect([...(screenGroups('/admin/finances') ?? [])].sort()).toEqual(groupsOf('GET /api/v2/finances/sales'))
  })

  it('lands finance staff who are not learners on the finance overview, everyone else on the dashboard', () => {
    expect(landingPath(['finances'])).toBe('/admin/finances')
    expect(landingPath(['finances', 'general'])).toBe('/dashboard')
    expect(landingPath(['admin'])).toBe('/dashboard')
    expect(landingPath([])).toBe('/dashboard')
  })
})
