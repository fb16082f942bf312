import { ListGroupsCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, startCourse, V2, type CourseApi } from '../helpers/courses.js'

/**
 * Requests the route fuzzer (fuzz-routes.test.ts) found answered with 500: each is now a 400 that
 * names the field (or, on the identity service, a Cognito error), and changes nothing.
 */

let api: CourseApi
const creator = caller('shapes-creator', ['creator'])

beforeAll(async () => {
  api = await courseApp()
})
afterAll(async () => {
  await api?.close()
})

const json = (url: string, payload: string, as = ADMIN_CALLER) =>
  api.app.inject({ method: 'POST', url, headers: { ...as.headers, 'content-type': 'application/json' }, payload })

describe('a string number past every limit in a JSON body', () => {
  it.each(['"1e400"', '"-1e400"', '"Infinity"', `"${'9'.repeat(400)}"`])('revision %s is a 400 naming it, and nothing is deleted', async (revision) => {
    const { uuid } = await startCourse(api, creator)
    const section = await api.call(creator, 'POST', `${V2}/blocks/add`, { uuid, revision: 1, item: 'section', values: { title: 'Kept' } })
    expect(section.statusCode, section.body).toBe(200)
    const id = section.json().item.id as string
    const res = await json(`${V2}/blocks/delete`, `{"uuid":"${uuid}","revision":${revision},"id":"${id}"}`, creator)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { revision: 'Must be a finite number' } })
    const tree = await api.call(creator, 'GET', `${V2}/builder/blocks/${uuid}`)
    expect(tree.json().items.map((s: { id: string }) => s.id)).toEqual([id])
  })

  it('a name that reads as a huge number is still a name', async () => {
    const res = await api.call(creator, 'POST', `${V2}/start`, { name: '1e400' })
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe('page tokens the identity service did not make', () => {
  it.each(["'; DROP TABLE courses; --", 'AAAA', '%%%'])('the groups list with token %j is a 400 on paginationToken', async (token) => {
    const res = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/groups/all', { sizePerPage: 60, paginationToken: token })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { paginationToken: expect.any(String) } })
  })

  it('a real token still pages', async () => {
    const first = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/groups/all', { sizePerPage: 2 })
    expect(first.statusCode, first.body).toBe(200)
    const token = first.json().paginationToken as string
    expect(token).toEqual(expect.any(String))
    const next = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/groups/all', { sizePerPage: 2, paginationToken: token })
    expect(next.statusCode, next.body).toBe(200)
    expect(next.json().items[0].name).not.toBe(first.json().items[0].name)
  })

  it('the Cognito protocol answers InvalidParameterException for them', async () => {
    const poolId = api.config.IDENTITY_USER_POOL_ID
    await expect(api.app.identityAdmin.send(new ListGroupsCommand({ UserPoolId: poolId, NextToken: 'AAAA' }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    })
    await expect(api.app.identityAdmin.send(new ListUsersCommand({ UserPoolId: poolId, PaginationToken: 'x' }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    })
  })
})
