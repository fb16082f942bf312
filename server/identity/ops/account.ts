import crypto from 'node:crypto'
import { attributeList, attributeWrites, deliveryDetails, isEmail, type IdentityContext } from '../context.js'
import { CognitoError, Errors, invalidParameter } from '../errors.js'
import { normaliseEmail } from '../lookalikes.js'
import type { Input } from '../schemas.js'
import { sameHex, verifierFor } from '../srp.js'
import { mfaSettingsOf } from './mfa.js'
import type { OpRequest } from './types.js'

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505'

/** Masked details for an unknown user (PreventUserExistenceErrors: ENABLED), shaped like a real answer. */
const simulatedDelivery = (name: string) => deliveryDetails(isEmail(name) ? name : `${name}@${name}`)

export async function signUp(ctx: IdentityContext, input: Input<'SignUp'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  if (!ctx.settings.selfSignUp) throw Errors.signUpNotPermitted()
  if (!isEmail(input.Username)) throw invalidParameter('Username should be an email.')
  const attributes = attributeWrites(input.UserAttributes ?? [], { admin: false })
  const email = normaliseEmail(input.Username)
  if (attributes.email !== undefined && normaliseEmail(attributes.email) !== email) {
    throw invalidParameter('The email attribute must match the username.')
  }
  await ctx.codes.limit(ctx.db, `addr:${req.address}`, 'signUp')
  const username = crypto.randomUUID()
  const verifier = ctx.verifierFor(username, input.Password)
  if (await ctx.users.emailTaken(ctx.db, email)) throw Errors.emailExists()
  let code: string
  try {
    code = await ctx.db.transaction(async (tx) => {
      await ctx.users.create(tx, {
        username,
        email,
        status: 'UNCONFIRMED',
        ...verifier,
        attributes: { ...attributes, email, email_verified: 'false' },
      })
      if (await ctx.users.group(tx, 'general')) await ctx.users.addToGroup(tx, username, 'general')
      return ctx.codes.issue(tx, username, 'signup')
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw Errors.emailExists()
    throw error
  }
  await ctx.mailTo({ email, attributes: { ...attributes, email } }, { kind: 'signup-code', code })
  return { UserConfirmed: false, UserSub: username, CodeDeliveryDetails: deliveryDetails(email) }
}

export async function confirmSignUp(ctx: IdentityContext, input: Input<'ConfirmSignUp'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  await ctx.codes.limit(ctx.db, `addr:${req.address}`, 'addressCodeGuess')
  const user = await ctx.users.find(ctx.db, input.Username)
  if (!user) {
    await ctx.codes.limit(ctx.db, `unknown:${input.Username.toLowerCase()}`, 'confirmSignUp')
    throw Errors.codeMismatch()
  }
  await ctx.codes.limit(ctx.db, user.username, 'confirmSignUp')
  if (user.status !== 'UNCONFIRMED') throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`)
  await ctx.codes.consume(ctx.db, user.username, 'signup', input.ConfirmationCode)
  await ctx.db.transaction(async (tx) => {
    await ctx.users.setStatus(tx, user.username, 'CONFIRMED')
    await ctx.users.setAttributes(tx, user.username, { email_verified: 'true' })
  })
  return {}
}

export async function resendConfirmationCode(ctx: IdentityContext, input: Input<'ResendConfirmationCode'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  await ctx.codes.limit(ctx.db, `addr:${req.address}`, 'addressMail')
  const user = await ctx.users.find(ctx.db, input.Username)
  if (!user) {
    await ctx.codes.limit(ctx.db, `unknown:${input.Username.toLowerCase()}`, 'resendCode')
    return { CodeDeliveryDetails: simulatedDelivery(input.Username) }
  }
  await ctx.codes.limit(ctx.db, user.username, 'resendCode')
  if (user.status !== 'UNCONFIRMED') throw Errors.resendConfirmed()
  const code = await ctx.codes.issue(ctx.db, user.username, 'signup')
  ctx.mailLater(user, { kind: 'signup-code', code })
  return { CodeDeliveryDetails: deliveryDetails(user.email) }
}

export async function forgotPassword(ctx: IdentityContext, input: Input<'ForgotPassword'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  await ctx.codes.limit(ctx.db, `addr:${req.address}`, 'addressMail')
  const user = await ctx.users.find(ctx.db, input.Username)
  if (!user) {
    await ctx.codes.limit(ctx.db, `unknown:${input.Username.toLowerCase()}`, 'forgotPassword')
    return { CodeDeliveryDetails: simulatedDelivery(input.Username) }
  }
  await ctx.codes.limit(ctx.db, user.username, 'forgotPassword')
  if (!user.enabled) throw Errors.disabled()
  if (user.status === 'FORCE_CHANGE_PASSWORD') throw Errors.cannotReset()
  if (user.attributes.email_verified !== 'true') throw Errors.noVerifiedEmail()
  const code = await ctx.codes.issue(ctx.db, user.username, 'forgot')
  // Off the request path: waiting for the mail server would tell known names from unknown ones.
  ctx.mailLater(user, { kind: 'reset-code', code })
  return { CodeDeliveryDetails: deliveryDetails(user.email) }
}

export async function confirmForgotPassword(ctx: IdentityContext, input: Input<'ConfirmForgotPassword'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  await ctx.codes.limit(ctx.db, `addr:${req.address}`, 'addressCodeGuess')
  const user = await ctx.users.find(ctx.db, input.Username)
  if (!user) {
    // The same answers as a known name with a wrong code, the limit included.
    await ctx.codes.limit(ctx.db, `unknown:${input.Username.toLowerCase()}`, 'confirmForgotPassword')
    throw Errors.codeMismatch()
  }
  await ctx.codes.limit(ctx.db, user.username, 'confirmForgotPassword')
  // The code first, then the password policy: a policy answer to a wrong code would tell that the name exists.
  let verifier: ReturnType<IdentityContext['verifierFor']> | undefined
  await ctx.codes.consume(ctx.db, user.username, 'forgot', input.ConfirmationCode, () => {
    verifier = ctx.verifierFor(user.username, input.Password)
  })
  // Whoever knew the old password is signed out everywhere.
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.setPassword(tx, user.username, { ...verifier!, status: 'CONFIRMED' }), endSessions: 'all' })
  return {}
}

export async function changePassword(ctx: IdentityContext, input: Input<'ChangePassword'>) {
  const { user, claims } = await ctx.userOfAccessToken(input.AccessToken)
  await ctx.codes.limit(ctx.db, user.username, 'changePassword')
  if (input.PreviousPassword === undefined) throw invalidParameter('Missing required parameter PreviousPassword')
  if (user.lockoutUntil && user.lockoutUntil.getTime() > Date.now()) throw Errors.attemptsExceeded()
  if (!sameHex(verifierFor(user.salt, ctx.settings.poolName, user.username, input.PreviousPassword), user.verifier)) {
    await ctx.users.recordFailure(ctx.db, user.username)
    throw Errors.incorrectCredentials()
  }
  // Every other session ends (someone else may have known the old password); this one goes on.
  await ctx.changeAccess(user.username, {
    write: (tx) => ctx.setPassword(tx, user.username, input.ProposedPassword, 'CONFIRMED'),
    endSessions: { allBut: claims.origin_jti },
  })
  return {}
}

export async function getUser(ctx: IdentityContext, input: Input<'GetUser'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  return { Username: user.username, UserAttributes: attributeList(user), MFAOptions: [], ...(await mfaSettingsOf(ctx, user.username)) }
}

export async function updateUserAttributes(ctx: IdentityContext, input: Input<'UpdateUserAttributes'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  const writes = attributeWrites(input.UserAttributes, { admin: false })
  const details = []
  const newEmail = writes.email
  delete writes.email
  if (newEmail !== undefined && newEmail.toLowerCase() !== user.email.toLowerCase()) {
    // The old address stays in force until the new one is verified with the mailed code.
    if (await ctx.users.emailTaken(ctx.db, newEmail, user.username))
      throw new CognitoError('AliasExistsException', 'An account with the given email already exists.')
    await ctx.codes.limit(ctx.db, user.username, 'attributeCode')
    const code = await ctx.codes.issue(ctx.db, user.username, 'attribute:email', newEmail)
    await ctx.mailTo(user, { kind: 'email-change-code', code }, newEmail)
    details.push(deliveryDetails(newEmail))
  }
  if (Object.keys(writes).length > 0) await ctx.users.setAttributes(ctx.db, user.username, writes)
  return { CodeDeliveryDetailsList: details }
}

export async function getUserAttributeVerificationCode(ctx: IdentityContext, input: Input<'GetUserAttributeVerificationCode'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  if (input.AttributeName !== 'email') throw invalidParameter(`Cannot verify the attribute ${input.AttributeName}`)
  await ctx.codes.limit(ctx.db, user.username, 'attributeCode')
  const code = await ctx.codes.issue(ctx.db, user.username, 'attribute:email', user.email)
  await ctx.mailTo(user, { kind: 'email-change-code', code })
  return { CodeDeliveryDetails: deliveryDetails(user.email) }
}

export async function verifyUserAttribute(ctx: IdentityContext, input: Input<'VerifyUserAttribute'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  if (input.AttributeName !== 'email') throw invalidParameter(`Cannot verify the attribute ${input.AttributeName}`)
  await ctx.codes.limit(ctx.db, user.username, 'verifyAttribute')
  const email = (await ctx.codes.consume(ctx.db, user.username, 'attribute:email', input.Code)) ?? user.email
  if (await ctx.users.emailTaken(ctx.db, email, user.username))
    throw new CognitoError('AliasExistsException', 'An account with the given email already exists.')
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.setAttributes(tx, user.username, { email, email_verified: 'true' }) })
  return {}
}

export async function globalSignOut(ctx: IdentityContext, input: Input<'GlobalSignOut'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  await ctx.changeAccess(user.username, { endSessions: 'all' })
  return {}
}

export async function revokeToken(ctx: IdentityContext, input: Input<'RevokeToken'>) {
  ctx.checkClient(input.ClientId)
  // Unknown tokens are ignored (clients retry every error); another client's token is refused.
  const owner = await ctx.tokens.refreshTokenOwner(ctx.db, input.Token)
  if (owner && owner.clientId !== input.ClientId) throw new CognitoError('UnauthorizedException', 'Client is not authorized to revoke the token.')
  if (owner) await ctx.changeAccess(owner.username, { endSessions: { refreshToken: input.Token } })
  return {}
}
