import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { LegacySignUpAnswer, LegacySignUpBody } from '../../../contracts/auth.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'

const tags = ['auth']

/** The pool's SignUp refusals as API answers; anything else stays a server error. */
function refusal(error: { name?: string; message?: string }): unknown {
  const message = error.message || 'Invalid request'
  switch (error.name) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new HttpError(409, message, 'USER_EXISTS', { email: message })
    case 'InvalidPasswordException':
      return new HttpError(400, 'Invalid request', 'VALIDATION', { password: message })
    case 'InvalidParameterException':
      return new HttpError(400, 'Invalid request', 'VALIDATION', { user: message })
    case 'NotAuthorizedException':
      return new HttpError(403, message, 'SIGN_UP_DISABLED')
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new HttpError(429, 'Too many requests', 'RATE_LIMITED')
    default:
      return error
  }
}

/**
 * Requirements §7's legacy `POST /auth/sign-up {user}`, mounted under /api like the other legacy paths
 * (docs/decisions/0016): the body is turned into the pool's SignUp, as the web app's register screen
 * sends it, so checks, limits, the confirmation mail and the `general` group are the same.
 */
export default async function authRoutes(app: App) {
  const { IDENTITY_MODE, IDENTITY_CLIENT_ID } = app.config

  /** Embedded: delivered in-process with the caller's address, so the pool's per-address sign-up limit counts the caller. */
  async function signUp(input: Record<string, unknown>, ip: string): Promise<LegacySignUpAnswer> {
    if (IDENTITY_MODE === 'cognito') {
      try {
        const out = await app.identityAdmin.send(new SignUpCommand(input as never))
        return {
          UserSub: out.UserSub ?? '',
          UserConfirmed: out.UserConfirmed ?? false,
          CodeDeliveryDetails: {
            Destination: out.CodeDeliveryDetails?.Destination ?? '',
            DeliveryMedium: out.CodeDeliveryDetails?.DeliveryMedium ?? 'EMAIL',
            AttributeName: out.CodeDeliveryDetails?.AttributeName ?? 'email',
          },
        }
      } catch (error) {
        throw refusal(error as { name?: string; message?: string })
      }
    }
    const res = await app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      payload: JSON.stringify(input),
      remoteAddress: ip,
    })
    const body = res.json<Record<string, unknown>>()
    if (res.statusCode !== 200) {
      const type = typeof body.__type === 'string' ? body.__type.split('#').pop() : undefined
      throw refusal({ name: type, message: typeof body.message === 'string' ? body.message : undefined })
    }
    return body as LegacySignUpAnswer
  }

  app.post(
    '/sign-up',
    {
      schema: {
        tags,
        summary: "The legacy sign-up (requirements §7): the pool's SignUp for {user: {email, name, password, locale}}; a code is mailed",
        body: LegacySignUpBody,
        response: { 201: LegacySignUpAnswer, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email, name, password, locale = 'mx' } = request.body.user
      const answer = await signUp(
        {
          ClientId: IDENTITY_CLIENT_ID,
          Username: email,
          Password: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'name', Value: name.trim() },
            { Name: 'locale', Value: locale },
          ],
        },
        request.ip,
      )
      return reply.status(201).send(answer)
    },
  )
}
