import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { OpenBadgeCredential } from '../../contracts/learner/badges.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { loadBadgeKey } from '../../server/certificates/badge.js'
import { courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORMS, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'

let api: CourseApi
let owner: Caller
let course: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishedCourse(api, owner, { name: 'Física para todos' })
})
afterAll(() => api.close())

const CERTS = '/api/v2/courses/certificates'
const BASE = 'http://localhost:80'

async function learnerOf(c: PublishedCourse, name: string) {
  const who = await api.user(name, ['general'])
  await subscribe(api, c, who)
  return who
}

async function completed(name: string) {
  const who = await learnerOf(course, name)
  const passed = await api.call(who, 'POST', `${FORMS}/completed`, { course: course.uuid, id: course.forms[0], answers: RIGHT })
  expect(passed.statusCode, passed.body).toBe(200)
  return { who, code: passed.json().certificate.code as string }
}

const verifyBadge = (jwt: string, type = 'application/vc+jwt') =>
  api.app.inject({ method: 'POST', url: '/api/certificates/badges/verify', headers: { 'content-type': type }, payload: jwt })

/**
 * A third party's verifier: it knows nothing of the server's code, only the issuer's published key set
 * (fetched from the issuer's JWKS address) and the VC-JWT format.
 */
interface Payload {
  iss: string
  jti: string
  sub: string
  nbf: number
  iat: number
  vc: OpenBadgeCredential
}

async function independentlyVerify(jwt: string): Promise<{ ok: boolean; payload?: Payload }> {
  const jwks = await api.app.inject({ method: 'GET', url: '/api/certificates/issuer/jwks' })
  expect(jwks.statusCode).toBe(200)
  const [h, p, s] = jwt.split('.')
  let header: Record<string, unknown>
  let payload: Payload
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'))
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'))
  } catch {
    return { ok: false }
  }
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') return { ok: false }
  const jwk = (jwks.json().keys as Array<{ kid: string }>).find((k) => k.kid === header.kid)
  if (!jwk) return { ok: false }
  const key = crypto.createPublicKey({ key: jwk as crypto.JsonWebKey, format: 'jwk' })
  const ok = crypto.verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))
  return ok ? { ok, payload } : { ok: false }
}

/** The JWT with one character of a part changed (to another base64url character). */
function flip(jwt: string, part: 1 | 2): string {
  const parts = jwt.split('.')
  const at = Math.floor(parts[part].length / 2)
  const c = parts[part][at]
  parts[part] = parts[part].slice(0, at) + (c === 'A' ? 'B' : 'A') + parts[part].slice(at + 1)
  return parts.join('.')
}

describe('Open Badges 3.0 credentials', () => {
  it('hands the learner a VC-JWT that a third party verifies with the published key alone', async () => {
    const { who, code } = await completed('Irina Smirnova')
    const res = await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)
    expect(res.statusCode, res.body).toBe(200)
    const { credential, jwt, verified } = res.json() as { credential: OpenBadgeCredential; jwt: string; verified: boolean }
    expect(verified).toBe(true)

    const [header] = jwt.split('.').map((part, i) => (i < 2 ? JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) : null))
    const jwks = (await api.app.inject({ method: 'GET', url: '/api/certificates/issuer/jwks' })).json()
    expect(header).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: jwks.keys[0].kid })
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' })
    expect(jwks.keys[0]).not.toHaveProperty('d')

    const checked = await independentlyVerify(jwt)
    expect(checked.ok).toBe(true)
    const payload = checked.payload!
    const vc = payload.vc
    expect(vc).toEqual(credential)
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential'])
    expect(vc['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'])
    expect(vc.id).toBe(`${BASE}/api/certificates/badges/${code}`)
    expect(vc.issuer).toEqual({ id: `${BASE}/api/certificates/issuer`, type: ['Profile'], name: 'Aula', url: BASE })
    expect(payload).toMatchObject({ iss: vc.issuer.id, jti: vc.id })
    expect(vc.credentialSubject.achievement).toMatchObject({
      id: `${BASE}/courses/${course.uuid}`,
      type: ['Achievement'],
      achievementType: 'Certificate',
      name: 'Física para todos',
      creditsAvailable: 12.5,
      criteria: { narrative: expect.stringContaining('required') },
    })
    // The recipient is their e-mail, salted and hashed; the hash is recomputed from the e-mail alone.
    const [identity] = vc.credentialSubject.identifier
    expect(identity).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true })
    expect(identity.identityHash).toBe(
      `sha256$${crypto
        .createHash('sha256')
        .update(who.email.toLowerCase() + identity.salt)
        .digest('hex')}`,
    )
    expect(payload.sub).toBe(identity.identityHash)
    expect(JSON.stringify(payload)).not.toContain(who.email)
    // Not before (and issued at) the certificate's issue time.
    const { rows } = await api.db.query<{ issued_at: Date }>('SELECT issued_at FROM issued_certificates WHERE user_sub = $1', [who.sub])
    expect(payload.nbf).toBe(Math.floor(new Date(rows[0].issued_at).getTime() / 1000))
    expect(payload.iat).toBe(payload.nbf)
    expect(vc.validFrom).toBe(new Date(payload.nbf * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'))

    // The server's verification says the same.
    expect((await verifyBadge(jwt)).json()).toEqual({ verified: true, reasons: [], code, credential, revokedAt: null })
    expect((await verifyBadge(jwt, 'text/plain')).json().verified).toBe(true)

    // One byte changed in the payload or the signature: neither verifier accepts it.
    for (const tampered of [flip(jwt, 1), flip(jwt, 2)]) {
      expect((await independentlyVerify(tampered)).ok).toBe(false)
      const answer = await verifyBadge(tampered)
      if (answer.statusCode === 400) expect(answer.json().code).toBe('UNREADABLE_CREDENTIAL')
      else expect(answer.json()).toMatchObject({ verified: false, reasons: expect.arrayContaining(['The signature does not match']) })
    }
    // A readable payload with one letter of the course changed.
    const [h, p, s] = jwt.split('.')
    const forged = Buffer.from(Buffer.from(p, 'base64url').toString('utf8').replace('Física', 'Fisica')).toString('base64url')
    expect((await independentlyVerify(`${h}.${forged}.${s}`)).ok).toBe(false)
    expect((await verifyBadge(`${h}.${forged}.${s}`)).json()).toMatchObject({ verified: false, reasons: ['The signature does not match'], credential: null })
  })

  it('is the same credential on every download, by course and by code, as JSON or as the JWT alone', async () => {
    const { who, code } = await completed('Mia Müller')
    const first = (await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).json()
    const second = (await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).json()
    expect(second).toEqual(first)
    const byCode = await api.app.inject({ method: 'GET', url: `/api/certificates/badges/${code.toLowerCase()}` })
    expect(byCode.statusCode, byCode.body).toBe(200)
    expect(byCode.json()).toEqual({ ...first, revokedAt: null })
    const text = await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge?format=jwt`)
    expect(text.statusCode).toBe(200)
    expect(text.headers['content-type']).toMatch(/^application\/vc\+jwt/)
    expect(text.body).toBe(first.jwt)

    // Neither another address asking first nor a new e-mail changes the credential handed out.
    const elsewhere = await api.app.inject({ method: 'GET', url: `/api/certificates/badges/${code}`, headers: { host: 'elsewhere.example' } })
    expect(elsewhere.json().credential.credentialSubject.identifier).toEqual(first.credential.credentialSubject.identifier)
    await api.db.query("UPDATE identity_user_attributes SET value = 'new.mail@example.test' WHERE username = $1 AND name = 'email'", [who.sub])
    expect((await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).json()).toEqual(first)
  })

  it('publishes the issuer profile with its key', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/certificates/issuer' })
    expect(res.statusCode).toBe(200)
    const jwks = (await api.app.inject({ method: 'GET', url: '/api/certificates/issuer/jwks' })).json()
    expect(res.json()).toMatchObject({
      id: `${BASE}/api/certificates/issuer`,
      type: ['Profile'],
      name: 'Aula',
      verificationMethod: [{ type: 'JsonWebKey', controller: `${BASE}/api/certificates/issuer`, publicKeyJwk: jwks.keys[0] }],
    })
    // The generated private key is the owner's alone.
    const file = path.join(api.app.config.dataDir, 'badges', 'signing-key.pem')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it("answers 404 for an unknown code, and never hands one learner another's credential", async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/certificates/badges/ZZZZ-ZZZZ-ZZZZ' })).json()).toEqual({
      message: 'Unknown certificate code',
      code: 'NOT_FOUND',
    })
    expect((await api.app.inject({ method: 'GET', url: '/api/certificates/badges/nonsense' })).statusCode).toBe(404)
    await completed('Ana Holder')
    const other = await learnerOf(course, 'Leo Other')
    const res = await api.call(other, 'GET', `${CERTS}/${course.uuid}/badge`)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('NOT_ISSUED')
    expect((await api.call(null, 'GET', `${CERTS}/${course.uuid}/badge`)).statusCode).toBe(401)
  })

  it('answers 400 with a reason for text that is no VC-JWT, and says why a foreign one fails', async () => {
    for (const garbage of ['hello', 'a.b', '!!!.???.###', `${Buffer.from('[1]').toString('base64url')}.e30.AA`]) {
      const res = await verifyBadge(garbage)
      expect(res.statusCode, garbage).toBe(400)
      expect(res.json()).toMatchObject({ code: 'UNREADABLE_CREDENTIAL', message: expect.stringMatching(/VC-JWT/) })
    }
    expect((await verifyBadge('x'.repeat(20000))).statusCode).toBe(400)
    expect((await verifyBadge('')).statusCode).toBe(400)
    // Signed by someone else's key, naming someone else's issuer and an unknown code.
    const { privateKey } = crypto.generateKeyPairSync('ed25519')
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
    const input = `${part({ alg: 'EdDSA', typ: 'JWT', kid: 'x' })}.${part({ iss: 'https://elsewhere.test/issuer', jti: 'https://elsewhere.test/api/certificates/badges/ABCD-EFGH-JKMN', nbf: 1 })}`
    const foreign = `${input}.${crypto.sign(null, Buffer.from(input), privateKey).toString('base64url')}`
    const res = await verifyBadge(foreign)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ verified: false, code: null, credential: null })
    expect(res.json().reasons).toEqual(
      expect.arrayContaining([
        "The key id is not the issuer's",
        'The signature does not match',
        `The issuer is not ${BASE}/api/certificates/issuer`,
        'Unknown certificate code',
      ]),
    )
  })

  it('signs with BADGE_SIGNING_KEY when given (PEM, escaped PEM or JWK), and refuses another kind of key at start', () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519')
    const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string
    for (const text of [pem, pem.replace(/\n/g, '\\n'), JSON.stringify(privateKey.export({ format: 'jwk' }))]) {
      const config = loadConfig({ BADGE_SIGNING_KEY: text, AULA_DATA_DIR: '/nonexistent-aula-dir' })
      expect(loadBadgeKey(config).jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', x })
    }
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string
    for (const bad of [rsa, 'nonsense', '{"kty":"OKP"}']) {
      expect(() => loadConfig({ BADGE_SIGNING_KEY: bad })).toThrow('Invalid configuration: BADGE_SIGNING_KEY must be an Ed25519 private key (PEM or JWK)')
    }
  })
})
