import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListDevicesCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { loadSecrets } from '../../server/identity/secrets.js'
import {
  BrowserStorage,
  completeNewPassword,
  confirmPassword,
  failure,
  latestCode,
  mailbox,
  refresh,
  signIn,
  signUp,
  startIdentityServer,
  STRONG,
  uniqueEmail,
  type IdentityServer,
} from './helpers.js'

let server: IdentityServer
let admin: CognitoIdentityProviderClient
const clients: CognitoIdentityProviderClient[] = []

function sdk(credentials: { accessKeyId: string; secretAccessKey: string }) {
  const c = new CognitoIdentityProviderClient({ region: 'eu-west-1', endpoint: server.endpoint, credentials, maxAttempts: 1 })
  clients.push(c)
  return c
}

beforeAll(async () => {
  server = await startIdentityServer()
  admin = sdk(loadSecrets(server.config).admin)
})
afterAll(async () => {
  for (const c of clients) c.destroy()
  await server?.close()
})

describe('admin operations through @aws-sdk/client-cognito-identity-provider', () => {
  it('bootstraps the groups and one administrator whose temporary password is printed once', async () => {
    const groups = await admin.send(new ListGroupsCommand({ UserPoolId: server.poolId }))
    expect(groups.Groups?.map((g) => g.GroupName).sort()).toEqual(['admin', 'creator', 'experimental', 'finances', 'general', 'reviewer'])
    const printed = server.printed.join('\n')
    expect(printed).toContain(server.config.ADMIN_EMAIL)
    const password = /temporary password: (\S+)/.exec(printed)?.[1]
    expect(password).toBeTruthy()
    const first = await signIn(server.pool(), server.config.ADMIN_EMAIL, password!)
    expect(first.kind).toBe('new-password')
    if (first.kind !== 'new-password') return
    expect(first.attributes.sub).toBeUndefined()
    const session = await completeNewPassword(first.user, 'Admin-Password-2026!')
    expect(session.getIdToken().decodePayload()['cognito:groups']).toEqual(['admin'])
    const res = await fetch(`${server.baseUrl}/api/v2/metrics/server/version`, {
      headers: { authorization: `Bearer ${session.getAccessToken().getJwtToken()}` },
    })
    expect(res.status).toBe(200)
  })

  it('creates a user who signs in with the mailed temporary password and completes NEW_PASSWORD_REQUIRED', async () => {
    const email = uniqueEmail('invited')
    const created = await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: server.poolId,
        Username: email,
        UserAttributes: [
          { Name: 'name', Value: 'Invited Person' },
          { Name: 'locale', Value: 'eng' },
        ],
      }),
    )
    expect(created.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD')
    expect(created.User?.UserCreateDate).toBeInstanceOf(Date)
    const [mail] = mailbox(server.dataDir, email)
    expect(mail.subject).toBe('Aula: your account is ready')
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1]
    expect(temporary).toBeTruthy()
    expect(await failure(admin.send(new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: email })))).toMatchObject({
      name: 'UsernameExistsException',
      message: 'User account already exists',
    })

    const first = await signIn(server.pool(), email, temporary!)
    if (first.kind !== 'new-password') throw new Error('expected the new-password challenge')
    expect(first.attributes).toMatchObject({ email, name: 'Invited Person' })
    expect(await failure(completeNewPassword(first.user, 'weak'))).toMatchObject({ code: 'InvalidPasswordException' })
    const session = await completeNewPassword(first.user, STRONG, { name: 'Invited P.' })
    expect(session.getIdToken().decodePayload()).toMatchObject({ email, name: 'Invited P.' })
    const got = await admin.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: email }))
    expect(got.UserStatus).toBe('CONFIRMED')
    expect(got.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value).toBe('true')
  })

  it('lists, filters and pages users, manages groups, and lists devices', async () => {
    const emails = [uniqueEmail('list-a'), uniqueEmail('list-b'), uniqueEmail('list-c')]
    for (const email of emails) await admin.send(new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: email, MessageAction: 'SUPPRESS' }))
    const byEmail = await admin.send(new ListUsersCommand({ UserPoolId: server.poolId, Filter: `email = "${emails[1].toUpperCase()}"` }))
    expect(byEmail.Users?.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value)).toEqual([emails[1]])
    const byPrefix = await admin.send(new ListUsersCommand({ UserPoolId: server.poolId, Filter: 'email ^= "list-"' }))
    expect(byPrefix.Users).toHaveLength(3)
    const seen: string[] = []
    let token: string | undefined
    do {
      const page = await admin.send(new ListUsersCommand({ UserPoolId: server.poolId, Limit: 2, PaginationToken: token }))
      expect(page.Users!.length).toBeLessThanOrEqual(2)
      seen.push(...page.Users!.map((u) => u.Username!))
      token = page.PaginationToken
    } while (token)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBeGreaterThanOrEqual(4)
    expect(await failure(admin.send(new ListUsersCommand({ UserPoolId: server.poolId, Filter: 'email == nonsense' })))).toMatchObject({
      name: 'InvalidParameterException',
    })

    await admin.send(new CreateGroupCommand({ UserPoolId: server.poolId, GroupName: 'org-example', Description: 'Organisation' }))
    expect(await failure(admin.send(new CreateGroupCommand({ UserPoolId: server.poolId, GroupName: 'org-example' })))).toMatchObject({
      name: 'GroupExistsException',
    })
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.poolId, Username: emails[0], GroupName: 'creator' }))
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.poolId, Username: emails[0], GroupName: 'org-example' }))
    const groups = await admin.send(new AdminListGroupsForUserCommand({ UserPoolId: server.poolId, Username: emails[0] }))
    expect(groups.Groups?.map((g) => g.GroupName).sort()).toEqual(['creator', 'org-example'])
    const members = await admin.send(new ListUsersInGroupCommand({ UserPoolId: server.poolId, GroupName: 'org-example' }))
    expect(members.Users).toHaveLength(1)
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: server.poolId, Username: emails[0], GroupName: 'org-example' }))
    expect((await admin.send(new ListUsersInGroupCommand({ UserPoolId: server.poolId, GroupName: 'org-example' }))).Users).toHaveLength(0)
    expect(await failure(admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.poolId, Username: emails[0], GroupName: 'nope' })))).toMatchObject({
      name: 'ResourceNotFoundException',
    })
    await admin.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId: server.poolId, Username: emails[0], UserAttributes: [{ Name: 'name', Value: 'Renamed' }] }),
    )
    const got = await admin.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: emails[0] }))
    expect(got.UserAttributes?.find((a) => a.Name === 'name')?.Value).toBe('Renamed')
    expect(await failure(admin.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: uniqueEmail('ghost') })))).toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    })
    const devices = await admin.send(new AdminListDevicesCommand({ UserPoolId: server.poolId, Username: emails[0] }))
    expect(devices.Devices).toEqual([])
  })

  it('confirms, disables, enables, resets and sets passwords; disabling and global sign-out revoke sessions', async () => {
    const email = uniqueEmail('managed')
    const pool = server.pool()
    await signUp(pool, email, STRONG)
    await admin.send(new AdminConfirmSignUpCommand({ UserPoolId: server.poolId, Username: email }))
    expect(await failure(admin.send(new AdminConfirmSignUpCommand({ UserPoolId: server.poolId, Username: email })))).toMatchObject({
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    })
    const storage = new BrowserStorage()
    const first = await signIn(server.pool(storage), email, STRONG)
    if (first.kind !== 'success') throw new Error('expected tokens')
    const api = (token: string) =>
      fetch(`${server.baseUrl}/api/v2/metrics/server/version`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)
    expect(await api(first.session.getAccessToken().getJwtToken())).toBe(403)

    await admin.send(new AdminDisableUserCommand({ UserPoolId: server.poolId, Username: email }))
    expect(await api(first.session.getAccessToken().getJwtToken())).toBe(401)
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      payload: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: server.clientId,
        AuthParameters: { REFRESH_TOKEN: first.session.getRefreshToken().getToken(), DEVICE_KEY: first.session.getAccessToken().decodePayload().device_key },
      }),
    })
    expect(refreshed.json()).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' })
    expect(await failure(signIn(server.pool(), email, STRONG))).toMatchObject({ code: 'NotAuthorizedException', message: 'User is disabled.' })
    await admin.send(new AdminEnableUserCommand({ UserPoolId: server.poolId, Username: email }))

    const second = await signIn(server.pool(new BrowserStorage()), email, STRONG)
    if (second.kind !== 'success') throw new Error('expected tokens')
    await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: server.poolId, Username: email }))
    expect(await api(second.session.getAccessToken().getJwtToken())).toBe(401)
    expect(await failure(refresh(second.user, second.session))).toMatchObject({ message: 'Refresh Token has been revoked' })

    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.poolId, Username: email, Password: 'Set-By-Admin-42!', Permanent: true }))
    expect((await signIn(server.pool(), email, 'Set-By-Admin-42!')).kind).toBe('success')
    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.poolId, Username: email, Password: 'Temporary-By-Admin-42!', Permanent: false }))
    expect((await signIn(server.pool(), email, 'Temporary-By-Admin-42!')).kind).toBe('new-password')

    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.poolId, Username: email, Password: STRONG, Permanent: true }))
    await admin.send(new AdminResetUserPasswordCommand({ UserPoolId: server.poolId, Username: email }))
    expect(await failure(signIn(server.pool(), email, STRONG))).toMatchObject({
      code: 'PasswordResetRequiredException',
      message: 'Password reset required for the user',
    })
    await confirmPassword(server.pool(), email, latestCode(server.dataDir, email), 'After-Reset-Password-1')
    expect((await signIn(server.pool(), email, 'After-Reset-Password-1')).kind).toBe('success')
  }, 40_000)

  it('refuses admin operations without the server credentials, with AWS error names', async () => {
    const wrongKey = sdk({ accessKeyId: 'AKIAWRONGWRONGWRONG1', secretAccessKey: 'x'.repeat(40) })
    expect(await failure(wrongKey.send(new ListUsersCommand({ UserPoolId: server.poolId })))).toMatchObject({ name: 'UnrecognizedClientException' })
    const wrongSecret = sdk({ accessKeyId: loadSecrets(server.config).admin.accessKeyId, secretAccessKey: 'y'.repeat(40) })
    expect(await failure(wrongSecret.send(new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: uniqueEmail('nope') })))).toMatchObject({
      name: 'InvalidSignatureException',
    })
    const unsigned = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers' },
      body: JSON.stringify({ UserPoolId: server.poolId }),
    })
    expect(unsigned.status).toBe(403)
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException:')
    expect(await unsigned.json()).toEqual({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' })
  })

  it('gives the API server an in-process admin client (app.identityAdmin) that passes the same signature check', async () => {
    const res = await server.app.identityAdmin.send(new ListGroupsCommand({ UserPoolId: server.poolId, Limit: 2 }))
    expect(res.Groups).toHaveLength(2)
    expect(res.NextToken).toBeTruthy()
  })
})

describe('self sign-up', () => {
  it('joins the general group', async () => {
    const email = uniqueEmail('selfsign')
    await signUp(server.pool(), email, STRONG)
    const groups = await admin.send(new AdminListGroupsForUserCommand({ UserPoolId: server.poolId, Username: email }))
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['general'])
  })
})
