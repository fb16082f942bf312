import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Queryable } from '../db/index.js'
import type { Mailer, MailMessage } from '../mail/index.js'
import { CodeService } from './codes.js'
import { DeviceRepository } from './devices.js'
import { CognitoError, Errors, invalidParameter } from './errors.js'
import { normaliseEmail } from './lookalikes.js'
import { HandshakeStore } from './handshakes.js'
import { MfaRepository, MfaSessionStore } from './mfa.js'
import { SignInThrottle } from './throttle.js'
import type { Secrets } from './secrets.js'
import { checkPassword, type PoolSettings } from './settings.js'
import { makeVerifier } from './srp.js'
import { TokenService, type SessionsToEnd } from './tokens.js'
import { AccessCache } from './access-cache.js'
import { UserRepository, type User, type UserStatus } from './users.js'

/** Everything an operation needs; one per service instance. */
export class IdentityContext {
  readonly users: UserRepository
  readonly codes: CodeService
  readonly tokens: TokenService
  readonly devices: DeviceRepository
  readonly handshakes: HandshakeStore
  /** The API's in-process view of enabled flags, groups and revoked sessions (see changeAccess). */
  readonly access: AccessCache
  readonly mfa: MfaRepository
  readonly mfaSessions: MfaSessionStore
  readonly signIns = new SignInThrottle()
  /** Mail being sent after its request was answered. */
  private readonly outbox = new Set<Promise<void>>()

  constructor(
    readonly db: Db,
    readonly settings: PoolSettings,
    readonly secrets: Secrets,
    readonly mail: Mailer,
    readonly log: FastifyBaseLogger,
  ) {
    this.users = new UserRepository(secrets.box)
    this.codes = new CodeService(secrets.box)
    this.tokens = new TokenService(secrets.box, settings)
    this.devices = new DeviceRepository(secrets.box, settings.region)
    this.handshakes = new HandshakeStore(secrets.box, settings.authSessionSeconds)
    this.access = new AccessCache(db, log)
    this.mfa = new MfaRepository(secrets.box)
    this.mfaSessions = new MfaSessionStore(secrets.box, settings.authSessionSeconds)
  }

  /**
   * THE one way to make a change that ends or narrows what a user's sessions may do. Use it for
   * every such write: sign-out of one session (RevokeToken), global sign-out, forced sign-out,
   * disable and enable, group membership, email changes, forgetting a device, and a password
   * change, confirmed reset or admin-set password that ends the user's other sessions.
   *
   * In one transaction it runs `write` (the user, group or device rows), revokes the sessions
   * named by `endSessions`, and on PostgreSQL sends a notice with `pg_notify` that every other
   * process applies to its cache when the transaction commits; then it applies the same notice to
   * this process's cache. Writing such rows any other way leaves API processes answering from a
   * stale cache, so the session-revoking writes of TokenService are not to be called directly.
   *
   * Pass `tx` when the caller already holds a transaction: the notice then goes out with that
   * transaction's commit.
   */
  async changeAccess(
    username: string,
    change: { write?: (tx: Queryable) => Promise<void>; endSessions?: SessionsToEnd },
    tx?: Queryable,
  ): Promise<{ revokedSessions: number }> {
    const run = async (q: Queryable) => {
      await change.write?.(q)
      const revoked = change.endSessions ? await this.tokens.revokeSessionRows(q, change.endSessions, username) : []
      const notice = { users: [username], revoked }
      const notify = this.access.notifySql()
      if (notify) {
        // pg_notify payloads stop at 8000 bytes; past that, listeners reload the revocations.
        const payload = JSON.stringify(notice)
        await q.query(notify.sql, [notify.channel, payload.length < 7500 ? payload : JSON.stringify({ users: [username], revoked: [], reload: true })])
      }
      // Also before the commit: PGlite serialises queries behind the transaction, and PostgreSQL
      // processes (this one included) apply the notice again when it commits.
      this.access.apply(notice)
      return notice
    }
    const notice = tx ? await run(tx) : await this.db.transaction(run)
    this.access.apply(notice)
    return { revokedSessions: notice.revoked.length }
  }

  checkClient(clientId: string) {
    if (clientId !== this.settings.clientId) throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`)
  }

  checkPool(poolId: string) {
    if (poolId !== this.settings.poolId) throw new CognitoError('ResourceNotFoundException', `User pool ${poolId} does not exist.`)
  }

  /** Salt and verifier for a password that passed the policy. */
  verifierFor(username: string, password: string) {
    checkPassword(password, this.settings.passwordPolicy)
    return makeVerifier(this.settings.poolName, username, password)
  }

  async setPassword(db: Queryable, username: string, password: string, status: UserStatus) {
    const v = this.verifierFor(username, password)
    const temp = status === 'FORCE_CHANGE_PASSWORD' ? new Date(Date.now() + this.settings.temporaryPasswordDays * 86400_000) : null
    await this.users.setPassword(db, username, { ...v, status, tempPasswordExpiresAt: temp })
  }

  /** Sends a message to the user's email in the user's language; delivery problems become CodeDeliveryFailureException. */
  async mailTo(user: Pick<User, 'email' | 'attributes'>, message: MailMessage, to = user.email) {
    try {
      await this.mail.send(to, message, user.attributes.locale)
    } catch (error) {
      this.log.error({ err: error, kind: message.kind }, 'mail delivery failed')
      throw new CognitoError('CodeDeliveryFailureException', 'Unable to deliver the message, please try again later.')
    }
  }

  /**
   * Sends a message after the answer: the request then takes the same time whether or not the
   * account exists (ForgotPassword, ResendConfirmationCode). Failures are logged only.
   */
  mailLater(user: Pick<User, 'email' | 'attributes'>, message: MailMessage) {
    const sending: Promise<void> = this.mail
      .send(user.email, message, user.attributes.locale)
      .catch((error: unknown) => this.log.error({ err: error, kind: message.kind }, 'mail delivery failed'))
      .finally(() => this.outbox.delete(sending))
    this.outbox.add(sending)
  }

  /** Waits for the mail still being sent (shutdown). */
  async drainMail(): Promise<void> {
    await Promise.allSettled([...this.outbox])
  }

  /** A temporary password that satisfies any policy (16+ characters, every class). */
  temporaryPassword(): string {
    const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+-=?@^_']
    const all = sets.join('')
    const length = Math.max(16, this.settings.passwordPolicy.minimumLength)
    const chars = sets.map((s) => s[crypto.randomInt(s.length)])
    while (chars.length < length) chars.push(all[crypto.randomInt(all.length)])
    for (let i = chars.length - 1; i > 0; i--) {
      const j = crypto.randomInt(i + 1)
      ;[chars[i], chars[j]] = [chars[j], chars[i]]
    }
    return chars.join('')
  }

  /** The user of a valid, unrevoked access token; disabled users are refused. */
  async userOfAccessToken(token: string) {
    const claims = await this.tokens.verifyAccessToken(this.db, token)
    const user = await this.users.find(this.db, claims.username)
    if (!user || user.username !== claims.username) throw Errors.invalidAccessToken()
    if (!user.enabled) throw Errors.disabled()
    return { user, claims }
  }
}

/** CodeDeliveryDetails with the destination masked as Cognito does (j***@e***). */
export function deliveryDetails(email: string) {
  const [local, domain = ''] = email.split('@')
  return { Destination: `${local.charAt(0)}***@${domain.charAt(0)}***`, DeliveryMedium: 'EMAIL', AttributeName: 'email' }
}

/**
 * The pool's schema: the standard (OIDC) attributes and no custom ones, as AWS refuses any
 * attribute a pool does not define. What users may write themselves excludes the verified flags.
 */
const STANDARD = new Set([
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
])
const ADMIN_ONLY = new Set(['email_verified', 'phone_number_verified'])
const MAX_ATTRIBUTE_LENGTH = 2048

/**
 * Validates attribute writes: returns a clean map or throws InvalidParameterException with
 * Cognito's wording. `admin` also allows the verified flags.
 */
export function attributeWrites(list: Array<{ Name: string; Value?: string }>, opts: { admin: boolean }): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { Name, Value } of list) {
    const value = Value ?? ''
    if (Name === 'sub' || (!opts.admin && ADMIN_ONLY.has(Name))) throw invalidParameter(`Cannot modify the non-mutable attribute ${Name}`)
    if (!STANDARD.has(Name) && !ADMIN_ONLY.has(Name)) throw invalidParameter(`Attribute does not exist in the schema.`)
    // AWS: string attributes hold at most 2048 characters, whichever operation writes them.
    if ([...value].length > MAX_ATTRIBUTE_LENGTH) {
      throw invalidParameter(
        `1 validation error detected: Value at 'userAttributes.${Name}.member.value' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ATTRIBUTE_LENGTH}`,
      )
    }
    if (ADMIN_ONLY.has(Name) && value !== 'true' && value !== 'false') throw invalidParameter(`Invalid value for ${Name}: must be true or false`)
    if (Name === 'email' && !isEmail(value)) throw invalidParameter('Invalid email address format.')
    // Addresses are kept in their normalised form (NFKC, lower case), whoever writes them.
    out[Name] = Name === 'email' ? normaliseEmail(value) : value
  }
  return out
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/.test(value)
}

/** Cognito's attribute list: sub first, values as strings. */
export function attributeList(user: User, only?: string[]) {
  const all = [{ Name: 'sub', Value: user.username }, ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value }))]
  return only ? all.filter((a) => only.includes(a.Name)) : all
}

const epoch = (d: Date) => d.getTime() / 1000

/** UserType as ListUsers / AdminCreateUser answer it. */
export function userType(user: User, only?: string[]) {
  return {
    Username: user.username,
    Attributes: attributeList(user, only),
    UserCreateDate: epoch(user.createdAt),
    UserLastModifiedDate: epoch(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
    MFAOptions: [],
  }
}
