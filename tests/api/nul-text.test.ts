import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../server/identity/ops/index.js'
import { ADMIN_OPERATIONS } from '../../server/identity/schemas.js'
import { ADMIN_CALLER, caller, courseApp, V2, type CourseApi } from '../helpers/courses.js'

/**
 * PostgreSQL cannot store the NUL character in text: a request carrying one anywhere is a 400 that
 * names the field, never a 500 from the database — on every route, and on the identity service.
 */

let api: CourseApi
const creator = caller('nul-creator', ['creator'])
const learner = caller('nul-learner', ['general'])
const NUL = '\u0000'

beforeAll(async () => {
  api = await courseApp()
})
afterAll(async () => {
  await api?.close()
})

const refusedNaming = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
  expect(res.statusCode, res.body).toBe(400)
  expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { [field]: 'Must not contain a NUL character' } })
}

describe('a NUL character in a request', () => {
  it('in a body field is a 400 naming the field (course start, tags, documents)', async () => {
    refusedNaming(await api.call(creator, 'POST', `${V2}/start`, { name: `Draft${NUL}` }), 'name')
    refusedNaming(await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/tags/create', { name: `t${NUL}g`, description: '' }), 'name')
    refusedNaming(
      await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/documents/create', {
        id: 'nul-doc',
        name: 'Doc',
        content: 'ok',
        translations: [{ locale: 'en', name: 'Doc', content: `x${NUL}` }],
      }),
      'translations.0.content',
    )
  })

  it('in a nested field or an object key is named by its path', async () => {
    const started = await api.call(creator, 'POST', `${V2}/start`, { name: 'Nul course' })
    expect(started.statusCode, started.body).toBe(201)
    const { uuid, revision } = started.json() as { uuid: string; revision: number }
    const faq = await api.call(creator, 'POST', `${V2}/builder/faq-update`, { uuid, revision, faq: [{ id: 'q1', question: 'Q?', answer: `A${NUL}` }] })
    refusedNaming(faq, 'faq.0.answer')
    refusedNaming(await api.call(creator, 'POST', `${V2}/builder/faq-update`, { uuid, revision, [`x${NUL}`]: 1 }), '(key)')
  })

  it('in a path parameter, a query member or a header is a 400 naming it', async () => {
    refusedNaming(await api.call(null, 'GET', '/api/documents/%00'), 'id')
    refusedNaming(await api.call(ADMIN_CALLER, 'GET', '/api/admin/users/user/a%00b'), 'id')
    refusedNaming(await api.call(ADMIN_CALLER, 'GET', '/api/v2/admin/audit/all?actor=%00'), 'actor')
    refusedNaming(await api.call(learner, 'GET', '/api/v2/courses/all/1?tag=a%00'), 'tag')
    refusedNaming(await api.call(learner, 'GET', '/api/v2/courses/all/1/ab%00c'), 'search')
    const header = await api.app.inject({ method: 'GET', url: '/api/v2/user/courses', headers: { ...learner.headers, 'user-agent': `x${NUL}` } })
    refusedNaming(header, 'header.user-agent')
  })

  it('changes nothing', async () => {
    await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/tags/create', { name: `never${NUL}`, description: '' })
    const { rows } = await api.db.query(`SELECT count(*)::int AS n FROM tags WHERE name LIKE 'never%'`)
    expect(rows[0]).toEqual({ n: 0 })
  })

  it('an escaped backslash before "u0000" is ordinary text', async () => {
    const res = await api.call(creator, 'POST', `${V2}/start`, { name: 'C:\\u0000 path' })
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe('the identity service given a NUL character', () => {
  const identity = async (op: string, body: unknown) => {
    const clientId = ((await api.call(null, 'GET', '/api/config')).json() as { identity: { clientId: string } }).identity.clientId
    const res = await api.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
      payload: JSON.stringify({ ClientId: clientId, ...(body as object) }),
    })
    return { status: res.statusCode, body: res.json() as { __type: string; message: string } }
  }

  it.each([
    ['SignUp', { Username: `a${NUL}@example.test`, Password: 'Correct-Horse-7-battery' }, 'username'],
    ['InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: `a${NUL}`, PASSWORD: 'x' } }, 'authParameters.USERNAME'],
    ['ForgotPassword', { Username: `${NUL}` }, 'username'],
  ])('%s answers InvalidParameterException naming the member', async (op, body, member) => {
    const res = await identity(op, body)
    expect(res.status).toBe(400)
    expect(res.body.__type).toBe('InvalidParameterException')
    expect(res.body.message).toContain(`Value at '${member}' failed to satisfy constraint`)
  })

  it('no operation answers 500 to NUL-bearing members, signed in or not', async () => {
    const token = `x${NUL}y`
    const everywhere = {
      Username: `a${NUL}`,
      Password: `Pass${NUL}word-7`,
      ConfirmationCode: `1${NUL}`,
      AccessToken: token,
      RefreshToken: token,
      Session: token,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: `a${NUL}`, PASSWORD: token, REFRESH_TOKEN: token },
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeResponses: { USERNAME: `a${NUL}` },
      UserAttributes: [{ Name: 'name', Value: token }],
      AttributeName: 'email',
      Code: `1${NUL}`,
      DeviceKey: token,
      UserCode: '123456',
      PreviousPassword: token,
      ProposedPassword: token,
    }
    const operations = Object.keys(OPERATIONS).filter((op) => !ADMIN_OPERATIONS.has(op as never))
    expect(operations.length).toBeGreaterThan(10)
    for (const op of operations) {
      const res = await identity(op, everywhere)
      expect([op, res.status, res.body.__type]).toEqual([op, 400, 'InvalidParameterException'])
    }
  })
})
