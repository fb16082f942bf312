import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminCreateUserCommand, AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { loadSecrets } from '../../server/identity/secrets.js'
import { UserRepository } from '../../server/identity/users.js'
import { adminClient, confirm, failure, latestCode, signIn, signUp, startIdentityServer, STRONG, type IdentityServer } from './helpers.js'

let server: IdentityServer
let admin: CognitoIdentityProviderClient

beforeAll(async () => {
  server = await startIdentityServer()
  admin = adminClient(server)
})
afterAll(async () => {
  admin?.destroy()
  await server?.close()
})

const EXISTS = { name: 'UsernameExistsException', message: 'An account with the given email already exists.' }

describe('e-mail addresses: normalised, and no look-alike of an existing one (amazon-cognito-identity-js)', () => {
  it('refuses to sign up an address that only looks like the administrator’s', async () => {
    expect(server.config.ADMIN_EMAIL).toBe('admin@aula.local')
    // U+217C SMALL ROMAN NUMERAL FIFTY for the final l.
    const roman = await failure(signUp(server.pool(), 'admin@aula.loca\u217c', STRONG))
    expect({ name: roman.name, message: roman.message }).toEqual(EXISTS)
    // U+0430 CYRILLIC SMALL LETTER A for the first a.
    const cyrillic = await failure(signUp(server.pool(), '\u0430dmin@aula.local', STRONG))
    expect({ name: cyrillic.name, message: cyrillic.message }).toEqual(EXISTS)
    // A capital look-alike (U+0410) and an invisible zero-width space count as well.
    for (const lookalike of ['\u0410DMIN@aula.local', 'ad\u200bmin@aula.local', 'ADMIN@AULA.LOCAL']) {
      const refused = await failure(signUp(server.pool(), lookalike, STRONG))
      expect({ name: refused.name, message: refused.message }, lookalike).toEqual(EXISTS)
    }
  })

  it('stores the address in its normalised form, and a differently cased or full-width one finds the account', async () => {
    const typed = 'Grace.Hopper@Example.TEST'
    const result = await signUp(server.pool(), typed, STRONG, { name: 'Grace' })
    expect(result.codeDeliveryDetails.Destination).toMatch(/^g\*\*\*@e\*\*\*$/)
    await confirm(server.pool(), 'GRACE.HOPPER@example.test', latestCode(server.dataDir, 'grace.hopper@example.test'))
    const user = await admin.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: 'grace.hopper@EXAMPLE.test' }))
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe('grace.hopper@example.test')
    for (const name of ['GRACE.HOPPER@EXAMPLE.TEST', 'grace.hopper@example.test', 'ｇｒａｃｅ.hopper@example.test']) {
      const signedIn = await signIn(server.pool(), name, STRONG)
      expect(signedIn.kind, name).toBe('success')
      if (signedIn.kind === 'success') expect(signedIn.session.getIdToken().decodePayload().email).toBe('grace.hopper@example.test')
    }
    // A look-alike of this learner (Cyrillic е and о) is refused as well.
    const refused = await failure(signUp(server.pool(), 'grac\u0435.h\u043epper@example.test', STRONG))
    expect({ name: refused.name, message: refused.message }).toEqual(EXISTS)
  })

  it('keeps addresses in other scripts that look like no existing one', async () => {
    const cyrillic = await signUp(server.pool(), '\u0438\u0432\u0430\u043d@\u043f\u043e\u0447\u0442\u0430.example', STRONG)
    expect(cyrillic.userConfirmed).toBe(false)
    const accented = await signUp(server.pool(), 'jos\u00e9@example.test', STRONG)
    expect(accented.userConfirmed).toBe(false)
    const plain = await signUp(server.pool(), 'jose@example.test', STRONG)
    expect(plain.userConfirmed).toBe(false)
  })

  it('refuses AdminCreateUser of a look-alike with Cognito’s UsernameExistsException', async () => {
    const refused = await admin
      .send(new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: 'admin@aula.loca\u217c', MessageAction: 'SUPPRESS' }))
      .then(
        () => null,
        (e: Error) => e,
      )
    expect(refused?.name).toBe('UsernameExistsException')
    const created = await admin.send(new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: 'New.Teacher@Example.TEST', MessageAction: 'SUPPRESS' }))
    expect(created.User?.Attributes?.find((a) => a.Name === 'email')?.Value).toBe('new.teacher@example.test')
  })

  it('gives accounts made before the check their skeleton, and reports two that already look alike', async () => {
    // Rows as the migration leaves them: the skeleton copied from the address.
    const old = async (username: string, email: string) =>
      server.db.query(
        `INSERT INTO identity_users (username, email_lower, email_skeleton, status, srp_salt, srp_verifier) VALUES ($1, $2, $2, 'CONFIRMED', 'x', 'x')`,
        [username, email],
      )
    await old('old-pablo', 'p\u0430blo.old@example.test')
    await old('old-maria-latin', 'maria.old@example.test')
    await old('old-maria-cyrillic', 'm\u0430ria.old@example.test')
    const clashes = await new UserRepository(loadSecrets(server.config).box).refreshSkeletons(server.db)
    expect(clashes).toEqual(['old-maria-cyrillic'])
    const { rows } = await server.db.query<{ username: string; email_skeleton: string }>(
      "SELECT username, email_skeleton FROM identity_users WHERE username LIKE 'old-%' ORDER BY username",
    )
    expect(rows).toEqual([
      { username: 'old-maria-cyrillic', email_skeleton: 'm\u0430ria.old@example.test' },
      { username: 'old-maria-latin', email_skeleton: 'maria.old@example.test' },
      { username: 'old-pablo', email_skeleton: 'pablo.old@example.test' },
    ])
    const refused = await failure(signUp(server.pool(), 'pablo.old@example.test', STRONG))
    expect({ name: refused.name, message: refused.message }).toEqual(EXISTS)
  })
})
