import { http, HttpResponse } from 'msw'
import type { PublicConfig } from '../../../contracts/config'

/**
 * A fake of the network the sign-in screens talk to: `GET /api/config` and the identity service's
 * Cognito JSON protocol at `/identity/`. The real amazon-cognito-identity-js runs against it. It cannot
 * check SRP proofs, so it knows a password is wrong only for users it does not know; everything else
 * (status, codes, challenges, tokens) behaves like the service.
 */
export interface FakeUser {
  email: string
  password: string
  name: string
  sub: string
  status: 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD'
  groups: string[]
  code?: string
  /** More ID token claims (custom attributes such as `custom:id_number`). */
  claims?: Record<string, string>
}

export const POLICY = { minimumLength: 12, requireUppercase: true, requireLowercase: true, requireNumbers: true, requireSymbols: true }

export const config: PublicConfig = {
  name: 'Aula',
  build: 123,
  identity: { region: 'eu-west-1', userPoolId: 'eu-west-1_AulaTest1', clientId: 'testclient', endpoint: '/identity/' },
  passwordPolicy: POLICY,
  languages: ['mx', 'eng', 'es', 'it', 'gr', 'rs'],
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: 'RS256', kid: 'test' })}.${b64url(payload)}.c2lnbmF0dXJl`

export function tokensFor(user: FakeUser, lifetimeSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000)
  const common = { sub: user.sub, iat: now, exp: now + lifetimeSeconds, iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AulaTest1' }
  return {
    IdToken: jwt({
      ...common,
      token_use: 'id',
      aud: 'testclient',
      email: user.email,
      name: user.name,
      'cognito:username': user.sub,
      'cognito:groups': user.groups,
      ...user.claims,
    }),
    AccessToken: jwt({ ...common, token_use: 'access', client_id: 'testclient', username: user.sub, origin_jti: `o-${now}` }),
    RefreshToken: `refresh-${user.sub}`,
  }
}

/** As the service masks a code's destination: `r***@e***`. */
const masked = (email: string) => {
  const [local, domain = ''] = email.split('@')
  return `${local.charAt(0)}***@${domain.charAt(0)}***`
}

const fail = (type: string, message: string) => HttpResponse.json({ __type: type, message }, { status: 400, headers: { 'x-amzn-errortype': `${type}:` } })

export class FakeIdentity {
  users = new Map<string, FakeUser>()
  calls: Array<{ op: string; body: Record<string, unknown> }> = []
  /** When set, REFRESH_TOKEN_AUTH is refused. */
  refuseRefresh = false
  devices: Array<{ DeviceKey: string; DeviceAttributes: Array<{ Name: string; Value: string }>; DeviceLastAuthenticatedDate?: number }> = []
  private lastCode = 100000

  add(user: Partial<FakeUser> & { email: string }): FakeUser {
    const full: FakeUser = {
      password: 'Secret#Pass12',
      name: 'Ana Pérez',
      sub: `sub-${this.users.size + 1}`,
      status: 'CONFIRMED',
      groups: ['general'],
      ...user,
    }
    this.users.set(full.email, full)
    return full
  }

  op(name: string) {
    return this.calls.filter((c) => c.op === name)
  }

  private newCode(user: FakeUser) {
    user.code = String(++this.lastCode)
    return user.code
  }

  private bySub(sub: unknown) {
    return [...this.users.values()].find((u) => u.sub === sub || u.email === sub)
  }

  private fromAccessToken(token: unknown) {
    if (typeof token !== 'string') return undefined
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }
    return this.bySub(payload.sub)
  }

  handlers() {
    return [
      http.get('*/api/config', () => HttpResponse.json(config)),
      // The top bar's bell: no notifications, and no live stream (204: the bell retries later).
      http.get('*/api/v2/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
      http.get('*/api/v2/notifications/stream', () => new HttpResponse(null, { status: 204 })),
      http.get('*/api/v2/notifications', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })),
      http.post('*/identity/', async ({ request }) => {
        const op = (request.headers.get('x-amz-target') ?? '').split('.').pop() ?? ''
        const body = (await request.json()) as Record<string, unknown>
        this.calls.push({ op, body })
        return this.answer(op, body)
      }),
    ]
  }

  private answer(op: string, body: Record<string, unknown>) {
    const auth = (body.AuthParameters ?? {}) as Record<string, string>
    const responses = (body.ChallengeResponses ?? {}) as Record<string, string>
    switch (op) {
      case 'SignUp': {
        const email = String(body.Username)
        if (this.users.has(email)) return fail('UsernameExistsException', 'An account with the given email already exists.')
        const attrs = Object.fromEntries((body.UserAttributes as Array<{ Name: string; Value: string }>).map((a) => [a.Name, a.Value]))
        const user = this.add({ email, password: String(body.Password), name: attrs.name, status: 'UNCONFIRMED' })
        this.newCode(user)
        return HttpResponse.json({
          UserConfirmed: false,
          UserSub: user.sub,
          CodeDeliveryDetails: { Destination: email, DeliveryMedium: 'EMAIL', AttributeName: 'email' },
        })
      }
      case 'ConfirmSignUp': {
        const user = this.users.get(String(body.Username))
        if (!user || user.code !== body.ConfirmationCode) return fail('CodeMismatchException', 'Invalid verification code provided, please try again.')
        user.status = 'CONFIRMED'
        user.code = undefined
        return HttpResponse.json({})
      }
      case 'ResendConfirmationCode': {
        const user = this.users.get(String(body.Username))
        if (user) this.newCode(user)
        return HttpResponse.json({ CodeDeliveryDetails: { Destination: String(body.Username), DeliveryMedium: 'EMAIL', AttributeName: 'email' } })
      }
      case 'InitiateAuth': {
        if (body.AuthFlow === 'REFRESH_TOKEN_AUTH') {
          const user = this.bySub(String(auth.REFRESH_TOKEN).replace('refresh-', ''))
          if (this.refuseRefresh || !user) return fail('NotAuthorizedException', 'Refresh Token has been revoked')
          const { IdToken, AccessToken } = tokensFor(user)
          return HttpResponse.json({ AuthenticationResult: { IdToken, AccessToken, ExpiresIn: 3600, TokenType: 'Bearer' } })
        }
        const user = this.users.get(auth.USERNAME)
        if (!user) return fail('NotAuthorizedException', 'Incorrect username or password.')
        if (user.status === 'UNCONFIRMED') return fail('UserNotConfirmedException', 'User is not confirmed.')
        return HttpResponse.json({
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeParameters: { USER_ID_FOR_SRP: user.sub, SRP_B: 'ab'.repeat(200), SALT: '1f2e3d4c5b6a7980', SECRET_BLOCK: 'c2VjcmV0' },
        })
      }
      case 'RespondToAuthChallenge': {
        const user = this.bySub(responses.USERNAME)
        if (!user) return fail('NotAuthorizedException', 'Incorrect username or password.')
        if (body.ChallengeName === 'PASSWORD_VERIFIER' && user.status === 'FORCE_CHANGE_PASSWORD') {
          return HttpResponse.json({
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: 'challenge-session',
            ChallengeParameters: {
              USER_ID_FOR_SRP: user.sub,
              userAttributes: JSON.stringify({ email: user.email, name: user.name }),
              requiredAttributes: '[]',
            },
          })
        }
        if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
          user.password = responses.NEW_PASSWORD
          user.status = 'CONFIRMED'
        }
        return HttpResponse.json({ AuthenticationResult: { ...tokensFor(user), ExpiresIn: 3600, TokenType: 'Bearer' } })
      }
      case 'ForgotPassword': {
        const user = this.users.get(String(body.Username))
        if (user) this.newCode(user)
        return HttpResponse.json({ CodeDeliveryDetails: { Destination: masked(String(body.Username)), DeliveryMedium: 'EMAIL', AttributeName: 'email' } })
      }
      case 'ConfirmForgotPassword': {
        const user = this.users.get(String(body.Username))
        if (!user || user.code !== body.ConfirmationCode) return fail('CodeMismatchException', 'Invalid verification code provided, please try again.')
        user.password = String(body.Password)
        return HttpResponse.json({})
      }
      case 'ChangePassword': {
        const user = this.fromAccessToken(body.AccessToken)
        if (!user || user.password !== body.PreviousPassword) return fail('NotAuthorizedException', 'Incorrect username or password.')
        user.password = String(body.ProposedPassword)
        return HttpResponse.json({})
      }
      case 'UpdateUserAttributes': {
        const user = this.fromAccessToken(body.AccessToken)
        if (!user) return fail('NotAuthorizedException', 'Invalid Access Token')
        for (const a of body.UserAttributes as Array<{ Name: string; Value: string }>) if (a.Name === 'name') user.name = a.Value
        return HttpResponse.json({ CodeDeliveryDetailsList: [] })
      }
      case 'GetUser': {
        const user = this.fromAccessToken(body.AccessToken)
        if (!user) return fail('NotAuthorizedException', 'Invalid Access Token')
        return HttpResponse.json({
          Username: user.sub,
          UserAttributes: [
            { Name: 'sub', Value: user.sub },
            { Name: 'email', Value: user.email },
            { Name: 'name', Value: user.name },
          ],
        })
      }
      case 'ListDevices':
        return HttpResponse.json({ Devices: this.devices })
      case 'RevokeToken':
      case 'GlobalSignOut':
        return HttpResponse.json({})
      default:
        return fail('InvalidParameterException', `Unsupported operation ${op}`)
    }
  }
}
