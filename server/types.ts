import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Access } from '../contracts/access.js'
import type { Config } from './config.js'
import type { Db } from './db/index.js'
import type { Sweeps } from './db/sweeps.js'
import type { SiteVisits } from './site/visits.js'
import type { IdentityAdmin } from './identity/admin-client.js'
import type { Mailer } from './mail/index.js'
import type { NotificationHub } from './notifications/hub.js'
import type { NotificationMailer } from './notifications/mailer.js'
import type { PaymentProvider } from './payments/index.js'
import type { ReminderJob } from './reminders/job.js'
import type { Storage } from './storage/index.js'
import type { LearningRecords } from './xapi/index.js'

/** The signed-in caller, as the token verifier puts it on the request. */
export interface Principal {
  sub: string
  username: string
  email: string
  groups: string[]
}

/** Verifies the request's credentials; null means "not signed in" (the policy then answers 401). */
export type Authenticator = (request: FastifyRequest) => Promise<Principal | null>

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    /** The periodic clean-ups, each run by one process at a time (server/db/sweeps.ts). */
    sweeps: Sweeps
    /** The public site's page-view counter (decision 0041): buffered here, written every few seconds. */
    siteVisits: SiteVisits
    /** Uploaded files (server/storage): local under the data directory, or S3. */
    storage: Storage
    /** The mail adapter (SMTP or .eml files), made once per app. */
    mailer: Mailer
    /** Notifications' live streams of this process and their mail sender (server/notifications). */
    notifications: { hub: NotificationHub; mail: NotificationMailer }
    /** The user pool's admin operations (users, groups), made once per app over `identityAdmin`. */
    identityUsers: IdentityAdmin
    /** Learning events as xAPI statements, queued in the events' transactions; null without XAPI_ENDPOINT (server/xapi). */
    xapi: LearningRecords | null
    /** Online checkout's payment provider (server/payments); null without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
    payments: PaymentProvider | null
    /** The expiry reminder and weekly digest mail job (server/reminders); null without PUBLIC_URL. */
    reminders: ReminderJob | null
    /** The server's clock (AppOptions.now): what the video progress rule measures elapsed time with. */
    now(): Date
    /**
     * Compiles the route schemas not used yet (they compile on first use, see plugins/lazy-schemas),
     * `batch` at a time between requests. Rejects on a schema that does not compile.
     */
    compileSchemas(batch?: number): Promise<void>
  }
  interface FastifyRequest {
    principal: Principal | null
  }
  interface FastifyContextConfig {
    access?: Access
  }
}
