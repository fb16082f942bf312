import crypto from 'node:crypto'
import path from 'node:path'
import Type, { type Static } from 'typebox'
import Value from 'typebox/value'
import { DEFAULT_POOL } from './db/index.js'

/** An http(s) URL with a host (the shell's links; `format: 'uri'` alone also accepts `javascript:`). */
const HTTP_URL = '^https?://[^\\s/?#]+'
/** An http(s) origin: scheme, host and optional port, nothing after it. */
const ORIGIN = '^https?://[A-Za-z0-9.-]+(?::\\d{1,5})?/?$'

/**
 * Every environment variable Aula reads, with its default. README.md lists the same table;
 * `tests/api/config.test.ts` checks that the two agree.
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'TCP port of the one process serving the web app, /api and /identity/.' }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'Interface to listen on.' }),
  AULA_DATA_DIR: Type.String({ minLength: 1, default: './data', description: 'Where the embedded database, files and mail live.' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'PostgreSQL connection string; when unset the embedded PGlite database in <data dir>/db is used.',
    }),
  ),
  DATABASE_POOL_MAX: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: DEFAULT_POOL.max,
    description:
      "PostgreSQL only: connections each process keeps open at most (plus one for notifications); keep processes × this under the server's max_connections.",
  }),
  DATABASE_POOL_WAIT_MS: Type.Integer({
    minimum: 100,
    maximum: 600000,
    default: DEFAULT_POOL.waitMs,
    description: 'PostgreSQL only: how long a request waits for a free connection before it is answered 503 (busy) instead of hanging.',
  }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info', description: 'pino log level.' }),
  BODY_LIMIT: Type.Integer({
    minimum: 1024,
    maximum: 104857600,
    default: 1048576,
    description: 'Largest accepted request body in bytes (larger bodies get 413).',
  }),
  BUILD_NUMBER: Type.Integer({
    minimum: 0,
    maximum: 9999,
    default: 123,
    description: 'Build number shown in the footer (padded to 4 digits) and by the version route.',
  }),
  WEB_BUILD: Type.Enum(['auto', 'never'], {
    default: 'auto',
    description: "'auto' builds the web app at start when dist/ is missing or older than its sources; 'never' only serves an existing build.",
  }),
  // Shell links (GET /api/config): the top bar's apps dropdown hides an unset link, and itself when none is set.
  LINK_WEBSITE: Type.Optional(
    Type.String({ format: 'uri', pattern: HTTP_URL, description: 'Apps dropdown: the product website (http(s) URL); unset hides the entry.' }),
  ),
  LINK_SOCIAL: Type.Optional(
    Type.String({ format: 'uri', pattern: HTTP_URL, description: 'Apps dropdown: a social-network page (http(s) URL); unset hides the entry.' }),
  ),
  LINK_VIDEO: Type.Optional(
    Type.String({ format: 'uri', pattern: HTTP_URL, description: 'Apps dropdown: a video channel (http(s) URL); unset hides the entry.' }),
  ),
  LINK_SHORT_VIDEO: Type.Optional(
    Type.String({ format: 'uri', pattern: HTTP_URL, description: 'Apps dropdown: a short-video profile (http(s) URL); unset hides the entry.' }),
  ),
  DEVELOPED_BY: Type.String({ minLength: 1, maxLength: 120, default: 'Aula', description: "Name in the footer's developed-by line." }),
  DEVELOPED_BY_URL: Type.Optional(
    Type.String({ format: 'uri', pattern: HTTP_URL, description: 'Where the developed-by name links (http(s) URL); unset leaves it plain text.' }),
  ),
  UNIVERSITY_ORGANIZATION: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The organization name of the university partner: the course player shows the second brand for courses whose organization has this name.',
    }),
  ),
  SUPPORT_EMAIL: Type.Optional(
    Type.String({
      format: 'email',
      maxLength: 254,
      description: 'Address the settings support pane offers as a mailto link; unset, the pane tells users to ask their teacher or the centre office.',
    }),
  ),
  // Identity (server/identity, docs/identity.md)
  IDENTITY_MODE: Type.Enum(['embedded', 'cognito'], {
    default: 'embedded',
    description:
      "'embedded' serves the user pool at /identity/; 'cognito' uses a real Amazon Cognito user pool (set the pool id, client id and region; admin calls use the AWS credential chain).",
  }),
  IDENTITY_USER_POOL_ID: Type.String({
    pattern: '^(?:eusc-[a-z]{2}|[a-z]{2})-(?:gov-)?[a-z]+-\\d_[a-zA-Z0-9]+$',
    maxLength: 55,
    default: 'eu-west-1_AulaLocal',
    description:
      'User pool id <region>_<name>; the region part is the pool region. Never change it once users exist (the name is part of every password verifier).',
  }),
  IDENTITY_CLIENT_ID: Type.String({
    pattern: '^[\\w+]+$',
    maxLength: 128,
    default: '4ulaweb0c1ient0loca10000001',
    description: 'App client id the web app signs in with (public client, no secret).',
  }),
  IDENTITY_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^(https?://|/)',
      description:
        "Public URL of the embedded service as browsers reach it (default: /identity/ on the origin the web app was loaded from). Ignored in 'cognito' mode.",
    }),
  ),
  IDENTITY_SECRET_KEY: Type.Optional(
    Type.String({
      pattern: '^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$',
      description:
        'Key (32 bytes, hex or base64) encrypting verifiers and the signing key at rest; when unset one is generated once into <data dir>/identity/secret.key.',
    }),
  ),
  IDENTITY_ADMIN_ACCESS_KEY_ID: Type.Optional(
    Type.String({
      pattern: '^[A-Z0-9]{16,128}$',
      description: 'Access key id that admin operations must be SigV4-signed with; generated into <data dir>/identity/admin-credentials.json when unset.',
    }),
  ),
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: Type.Optional(
    Type.String({ minLength: 32, maxLength: 128, description: 'Secret access key paired with IDENTITY_ADMIN_ACCESS_KEY_ID.' }),
  ),
  IDENTITY_PASSWORD_MIN_LENGTH: Type.Integer({ minimum: 6, maximum: 99, default: 12, description: 'Password policy: minimum length.' }),
  IDENTITY_PASSWORD_REQUIRE_UPPERCASE: Type.Boolean({ default: true, description: 'Password policy: require an upper-case letter.' }),
  IDENTITY_PASSWORD_REQUIRE_LOWERCASE: Type.Boolean({ default: true, description: 'Password policy: require a lower-case letter.' }),
  IDENTITY_PASSWORD_REQUIRE_NUMBERS: Type.Boolean({ default: true, description: 'Password policy: require a digit.' }),
  IDENTITY_PASSWORD_REQUIRE_SYMBOLS: Type.Boolean({ default: true, description: 'Password policy: require a symbol.' }),
  IDENTITY_TEMPORARY_PASSWORD_DAYS: Type.Integer({
    minimum: 1,
    maximum: 365,
    default: 7,
    description: 'Days a temporary password (admin-created user) stays valid.',
  }),
  IDENTITY_ACCESS_TOKEN_MINUTES: Type.Integer({ minimum: 5, maximum: 1440, default: 60, description: 'Lifetime of ID and access tokens.' }),
  IDENTITY_REFRESH_TOKEN_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'Lifetime of refresh tokens.' }),
  IDENTITY_DEVICE_TRACKING: Type.Enum(['always', 'opt-in', 'off'], { default: 'always', description: 'Device tracking of the embedded pool.' }),
  IDENTITY_USER_PASSWORD_AUTH: Type.Boolean({
    default: false,
    description: 'Also accept USER_PASSWORD_AUTH (the password travels to the server); SRP is always on.',
  }),
  IDENTITY_SELF_SIGN_UP: Type.Boolean({ default: true, description: 'Whether visitors may sign up themselves (false: only administrators create users).' }),
  IDENTITY_MFA: Type.Enum(['off', 'optional', 'staff'], {
    default: 'optional',
    description:
      "Two-step verification (TOTP): 'off', 'optional' (users turn it on in their settings) or 'staff' (members of admin, finances, creator and reviewer must set it up at their next sign-in).",
  }),
  TRUST_PROXY: Type.String({
    pattern: '^(false|[1-9]|(?:[0-9a-fA-F:.]+(?:/\\d{1,3})?)(?:\\s*,\\s*[0-9a-fA-F:.]+(?:/\\d{1,3})?)*)$',
    default: 'false',
    description:
      "Which proxies may name the client address in X-Forwarded-For: 'false' (none: the connection's address), the number of proxy hops in front of the server (1–9), or a comma-separated list of proxy addresses or CIDR ranges.",
  }),
  // Open Badges 3.0 credentials issued with every certificate (docs/evaluations-and-certificates.md, decision 0027).
  BADGE_SIGNING_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "Ed25519 private key (PEM, PKCS#8, or a JWK's JSON) the Open Badges credentials are signed with; when unset one is generated once into <data dir>/badges/signing-key.pem.",
    }),
  ),
  BADGE_ISSUER_NAME: Type.String({
    minLength: 1,
    maxLength: 200,
    default: 'Aula',
    description: 'The name of the issuer (the centre) in every Open Badges credential and in the issuer profile.',
  }),
  // Rate limits of the expensive routes (server/limits, README "Rate limits"): requests per window,
  // per signed-in user (per client address for visitors); 0 turns a class's limit off.
  RATE_LIMIT_WINDOW_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 86400,
    default: 60,
    description: 'Length of the rate-limit window in seconds; every allowance below counts the requests of one window.',
  }),
  RATE_LIMIT_CERTIFICATE_PDF: Type.Integer({
    minimum: 0,
    maximum: 100000,
    default: 10,
    description: 'Certificate and receipt PDF downloads per window (0: no limit).',
  }),
  RATE_LIMIT_CERTIFICATE_VERIFY: Type.Integer({
    minimum: 0,
    maximum: 100000,
    default: 30,
    description: 'Certificate code verifications per window (0: no limit).',
  }),
  RATE_LIMIT_AVATAR: Type.Integer({ minimum: 0, maximum: 100000, default: 5, description: 'AI avatar requests per window (0: no limit).' }),
  RATE_LIMIT_COURSE_START: Type.Integer({
    minimum: 0,
    maximum: 100000,
    default: 10,
    description: 'Courses started or cloned in the builder per window (0: no limit).',
  }),
  RATE_LIMIT_UPLOAD: Type.Integer({
    minimum: 0,
    maximum: 100000,
    default: 60,
    description: 'Upload requests per window: upload parameters, the embedded storage upload itself and the confirmations (0: no limit).',
  }),
  RATE_LIMIT_SEARCH: Type.Integer({
    minimum: 0,
    maximum: 100000,
    default: 60,
    description: "Course searches per window: the learner catalogue, the builder and the administrators' course lists with search words (0: no limit).",
  }),
  ADMIN_EMAIL: Type.String({
    format: 'email',
    default: 'admin@aula.local',
    description: 'The administrator created on an empty pool; its temporary password is printed once on the console.',
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description: 'SMTP server for mail (smtp:// or smtps://); when unset, messages are written as .eml files under <data dir>/mail.',
    }),
  ),
  // Certificate PDFs (server/certificates/drawing.ts, docs/evaluations-and-certificates.md)
  CERTIFICATE_PDF_WORKERS: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 1,
    description: 'Worker threads drawing certificate PDFs at the same time in this process (started with the first download); at most the CPU cores.',
  }),
  CERTIFICATE_PDF_QUEUE: Type.Integer({
    minimum: 1,
    maximum: 100000,
    default: 100,
    description: 'Certificate PDFs that may wait for a free drawing worker; a download beyond them is answered 503 (busy) with Retry-After.',
  }),
  // Files (server/storage, README "Files")
  STORAGE_DRIVER: Type.Enum(['local', 's3'], {
    default: 'local',
    description:
      "Where uploaded files live: 'local' under <data dir>/files (browsers upload to /api/files/upload with a signed policy), or 's3' (browsers upload straight to the bucket with a presigned POST; credentials from the AWS default chain).",
  }),
  S3_BUCKET: Type.Optional(
    Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', description: "Bucket of the 's3' storage (required with STORAGE_DRIVER=s3)." }),
  ),
  S3_REGION: Type.String({ pattern: '^[a-z]{2}(-[a-z]+)+-\\d$', default: 'us-east-1', description: "Region of the 's3' storage bucket." }),
  S3_ENDPOINT: Type.Optional(
    Type.String({
      format: 'uri',
      pattern: HTTP_URL,
      description: 'An S3-compatible service instead of AWS (http(s) URL browsers can reach too); unset uses AWS.',
    }),
  ),
  S3_FORCE_PATH_STYLE: Type.Boolean({
    default: false,
    description: 'Address the bucket as <endpoint>/<bucket> instead of <bucket>.<endpoint> (most S3-compatible services need it).',
  }),
  FILES_ORIGIN: Type.Optional(
    Type.String({
      pattern: ORIGIN,
      description:
        "Separate origin (scheme://host[:port], no path) that serves user files: links point there, that host answers only file reads, and file reads on the app's host are redirected to it. Needs PUBLIC_URL. Unset: files are served from the app's origin, every active type as a download.",
    }),
  ),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: ORIGIN,
      description:
        "The origin browsers open the web app at (scheme://host[:port]); invitation and temporary-password mails link its sign-in page. Unset: taken from each request's Host (X-Forwarded-Host behind a trusted proxy); a mail from the identity service alone (not through the admin screens) then has no link, and no expiry reminder or weekly digest is sent (they link the course and the unsubscribe address). Required with FILES_ORIGIN.",
    }),
  ),
  // Monitoring's cost model (server/insights/cost.ts, docs/monitoring.md): measured usage × these unit prices.
  COST_CURRENCY: Type.String({ pattern: '^[A-Z]{3}$', default: 'USD', description: 'Currency of the unit prices below (ISO 4217 code).' }),
  COST_STORAGE_GB_MONTH: Type.Number({
    minimum: 0,
    maximum: 1000,
    default: 0.023,
    description: 'Price of one GB of stored files for a month (default: S3 Standard list price).',
  }),
  COST_REQUESTS_MILLION: Type.Number({
    minimum: 0,
    maximum: 1000,
    default: 1,
    description: 'Price of one million requests served (default: an HTTP API gateway list price).',
  }),
  COST_EMAILS_THOUSAND: Type.Number({
    minimum: 0,
    maximum: 1000,
    default: 0.1,
    description: 'Price of one thousand e-mails sent (default: Amazon SES list price).',
  }),
  COST_COMPUTE_CPU_HOUR: Type.Number({
    minimum: 0,
    maximum: 1000,
    default: 0.04048,
    description: 'Price of one hour of server CPU time (default: a Fargate vCPU-hour list price).',
  }),
  COST_SOURCE: Type.Enum(['model', 'aws'], {
    default: 'model',
    description:
      "'model' answers cost from the measured usage and the unit prices; 'aws' asks AWS Cost Explorer (credentials from the AWS default chain) and falls back to the model when it cannot.",
  }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Aula <no-reply@aula.local>', description: 'Sender of the messages Aula sends.' }),
  // Operators' metrics (server/insights/prometheus.ts, docs/metrics.md)
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 24,
      maxLength: 256,
      pattern: '^[A-Za-z0-9._~+/-]+=*$',
      description:
        'Bearer token Prometheus sends to GET /metrics (at least 24 characters of A-Z, a-z, 0-9 and -._~+/). Unset: /metrics answers 404 and nothing is exposed.',
    }),
  ),
  // xAPI statements for a Learning Record Store (server/xapi, docs/xapi.md)
  XAPI_ENDPOINT: Type.Optional(
    Type.String({
      format: 'uri',
      pattern: HTTP_URL,
      maxLength: 2048,
      description:
        "The LRS's xAPI base URL (http(s)); learning events are queued as xAPI 1.0.3 statements and posted to <endpoint>/statements. Needs PUBLIC_URL. Unset: nothing is recorded or sent.",
    }),
  ),
  XAPI_USERNAME: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, pattern: '^[^:]*$', description: "The LRS's HTTP Basic user name (its key); unset, no credentials are sent." }),
  ),
  XAPI_PASSWORD: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: "The LRS's HTTP Basic password (its secret), with XAPI_USERNAME." })),
  // Online checkout of priced plans (server/payments, docs/finances.md, decision 0028): both set turn it on.
  STRIPE_SECRET_KEY: Type.Optional(
    Type.String({
      pattern: '^(sk|rk)_[A-Za-z0-9_]+$',
      maxLength: 255,
      description:
        "Stripe secret (or restricted) API key the server creates Checkout Sessions with (sk_live_…, sk_test_…). Needs STRIPE_WEBHOOK_SECRET. Unset: no online checkout; a priced plan's learners are added by an administrator.",
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    Type.String({
      pattern: '^whsec_[A-Za-z0-9_]+$',
      maxLength: 255,
      description:
        'Signing secret (whsec_…) of the Stripe webhook endpoint <public URL>/api/v2/payments/stripe/webhook; events without a valid signature are refused. Needs STRIPE_SECRET_KEY.',
    }),
  ),
  STRIPE_API_BASE: Type.Optional(
    Type.String({
      pattern: '^https?://[A-Za-z0-9.-]+(?::\\d{1,5})?/?$',
      description:
        'For tests and self-hosted Stripe API mocks only: the origin the Stripe library calls instead of https://api.stripe.com (http(s)://host[:port]); refused with a live key.',
    }),
  ),
  // First run (server/seed, README "First run")
  AULA_SEED: Type.Optional(
    Type.Enum(['demo', 'none'], {
      description:
        "'demo' creates a small published demo catalogue when the database has no course yet; 'none' never does. Unset: 'demo' on the embedded database, 'none' with DATABASE_URL.",
    }),
  ),
  // AI avatars (server/avatars, docs/ai-avatars.md)
  AVATAR_RENDERER: Type.Enum(['embedded', 'command'], {
    default: 'embedded',
    description:
      "Who renders AI avatar requests: 'embedded' (a framed portrait narrated by espeak-ng and ffmpeg when present; not generative AI) or 'command' (the program AVATAR_RENDER_COMMAND, e.g. a real model).",
  }),
  AVATAR_RENDER_COMMAND: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1024,
      description: "Program the 'command' renderer runs per request (see docs/ai-avatars.md for its arguments and answer).",
    }),
  ),
  AVATAR_WORKERS: Type.Integer({
    minimum: 0,
    maximum: 16,
    default: 1,
    description: 'AI avatar requests this process renders at once; 0 runs no worker here (another process does).',
  }),
})

export type Config = Static<typeof ConfigSchema> & { dataDir: string }

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const withDefaults = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw))
  const problems = [...Value.Errors(ConfigSchema, withDefaults)]
  if (problems.length > 0) {
    const lines = problems.map((p) => {
      const name = p.instancePath.replace(/^\//, '') || String((p.params as { additionalProperties?: string }).additionalProperties ?? 'configuration')
      return `${name} ${describe(p.message, p.params)} (got ${JSON.stringify(raw[name] ?? null)})`
    })
    throw new ConfigError(`Invalid configuration: ${[...new Set(lines)].join('; ')}`)
  }
  const config = withDefaults as Static<typeof ConfigSchema>
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER is s3')
  if (config.FILES_ORIGIN && !config.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL is required when FILES_ORIGIN is set')
  if (config.FILES_ORIGIN && config.PUBLIC_URL && new URL(config.FILES_ORIGIN).host === new URL(config.PUBLIC_URL).host) {
    throw new ConfigError('Invalid configuration: FILES_ORIGIN must be another host than PUBLIC_URL')
  }
  if (config.XAPI_ENDPOINT && !config.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL is required when XAPI_ENDPOINT is set')
  if (config.XAPI_ENDPOINT) {
    const lrs = new URL(config.XAPI_ENDPOINT)
    if (lrs.username || lrs.password)
      throw new ConfigError('Invalid configuration: XAPI_ENDPOINT must not carry credentials (set XAPI_USERNAME and XAPI_PASSWORD)')
    if (lrs.search || lrs.hash)
      throw new ConfigError('Invalid configuration: XAPI_ENDPOINT must not have a query or a fragment (statements go to <endpoint>/statements)')
  }
  if (config.XAPI_PASSWORD && !config.XAPI_USERNAME) throw new ConfigError('Invalid configuration: XAPI_USERNAME is required when XAPI_PASSWORD is set')
  if (config.AVATAR_RENDERER === 'command' && !config.AVATAR_RENDER_COMMAND)
    throw new ConfigError('Invalid configuration: AVATAR_RENDER_COMMAND is required when AVATAR_RENDERER is command')
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (payments are fulfilled by the webhook only)')
  if (config.STRIPE_WEBHOOK_SECRET && !config.STRIPE_SECRET_KEY)
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set')
  // A live key never goes to a stand-in of the Stripe API.
  if (config.STRIPE_API_BASE && config.STRIPE_SECRET_KEY && /^(sk|rk)_live_/.test(config.STRIPE_SECRET_KEY))
    throw new ConfigError('Invalid configuration: STRIPE_API_BASE is for tests and mocks only and cannot be used with a live STRIPE_SECRET_KEY')
  if (config.BADGE_SIGNING_KEY) badgeKeyCheck(config.BADGE_SIGNING_KEY)
  // An origin as browsers write it (lower case, no trailing slash, no default port).
  for (const name of ['FILES_ORIGIN', 'PUBLIC_URL'] as const) if (config[name]) config[name] = new URL(config[name]).origin
  return { ...config, dataDir: path.resolve(config.AULA_DATA_DIR) }
}

/** A BADGE_SIGNING_KEY that is not an Ed25519 private key stops the start (one line, the key not echoed). */
function badgeKeyCheck(text: string): void {
  let type: string | undefined
  try {
    type = parseBadgeKey(text).asymmetricKeyType
  } catch {
    throw new ConfigError('Invalid configuration: BADGE_SIGNING_KEY must be an Ed25519 private key (PEM or JWK)')
  }
  if (type !== 'ed25519') throw new ConfigError('Invalid configuration: BADGE_SIGNING_KEY must be an Ed25519 private key (PEM or JWK)')
}

/** An Ed25519 private key written as PEM (PKCS#8) or as a JWK's JSON. */
export function parseBadgeKey(text: string): crypto.KeyObject {
  const trimmed = text.trim()
  return trimmed.startsWith('{')
    ? crypto.createPrivateKey({ key: JSON.parse(trimmed) as crypto.JsonWebKey, format: 'jwk' })
    : crypto.createPrivateKey(trimmed.replace(/\\n/g, '\n'))
}

function describe(message: string, params: unknown): string {
  const p = params as { allowedValues?: unknown[]; pattern?: string; format?: string }
  if (p.pattern === '^postgres(ql)?://') return 'must be a postgres:// or postgresql:// URL'
  if (p.pattern === ORIGIN) return 'must be an http:// or https:// origin (no path)'
  if (p.pattern === HTTP_URL || p.format === 'uri') return 'must be an http:// or https:// URL'
  if (p.allowedValues) return `must be one of ${p.allowedValues.join(', ')}`
  return message
}

/**
 * Whether a start may seed the demo catalogue. Unset, only the embedded database is seeded: a
 * PostgreSQL server is someone's real installation, seeded only when they ask for it.
 */
export function seedMode(config: Pick<Config, 'AULA_SEED' | 'DATABASE_URL'>): 'demo' | 'none' {
  return config.AULA_SEED ?? (config.DATABASE_URL ? 'none' : 'demo')
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. `true` (believe every X-Forwarded-For entry) is not
 * offered: the left-most entry is whatever the client wrote, so rotating it would dodge every
 * per-address limit. A hop count or the proxies' own addresses make the address the last proxy saw.
 */
export function trustProxyOption(config: Pick<Config, 'TRUST_PROXY'>): false | string[] | ((address: string, hop: number) => boolean) {
  const value = config.TRUST_PROXY.trim()
  if (value === 'false') return false
  if (/^\d+$/.test(value)) {
    // Trust the connection's peer and the entries the next hops appended, counted from the right.
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value.split(',').map((s) => s.trim())
}
