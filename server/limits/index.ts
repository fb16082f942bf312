import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { RateLimitedBody } from '../../contracts/errors.js'
import type { Config } from '../config.js'
import type { Db } from '../db/index.js'
import { HttpError } from '../http/http-error.js'
import { countHit, sweepBuckets } from './queries.js'

/**
 * The expensive routes, by the class whose allowance they share. A class's allowance is the
 * setting named in `LIMIT_SETTINGS`, counted per signed-in user (per client address for visitors)
 * over RATE_LIMIT_WINDOW_SECONDS. Every other route is never counted.
 */
export const LIMITED_ROUTES = {
  // Drawing a certificate PDF (fonts, QR code, template) is the heaviest thing a learner can ask for.
  'GET /api/v2/courses/certificates/:course': 'certificatePdf',
  // A receipt is a lighter PDF drawn in-process; it shares the certificate's allowance (decision 0031).
  'GET /api/v2/user/subscriptions/:id/receipt': 'certificatePdf',
  'GET /api/v2/finances/sales/:id/receipt': 'certificatePdf',
  'GET /api/certificates/verify/:code': 'certificateVerify',
  // The Open Badges credentials share the verification's allowance (decision 0027).
  'GET /api/v2/courses/certificates/:course/badge': 'certificateVerify',
  'GET /api/certificates/badges/:code': 'certificateVerify',
  'POST /api/certificates/badges/verify': 'certificateVerify',
  'POST /api/v2/experimental/ai-avatar-create-request': 'avatar',
  'POST /api/v2/courses/creator/start': 'courseStart',
  'POST /api/courses/creator/start': 'courseStart',
  'POST /api/v2/courses/creator/builder/clone': 'courseStart',
  'POST /api/courses/creator/builder/clone': 'courseStart',
  'POST /api/v2/courses/creator/import/cartridge': 'courseStart',
  // Uploads: the upload parameters, the embedded storage's upload itself, and the confirmations.
  'POST /api/v2/courses/creator/builder/cover-par': 'upload',
  'POST /api/v2/courses/creator/builder/thumbnail-par': 'upload',
  'POST /api/v2/courses/creator/builder/presentation-par': 'upload',
  'POST /api/v2/courses/creator/builder/certificate-template-par': 'upload',
  'POST /api/courses/creator/builder/cover-par': 'upload',
  'POST /api/courses/creator/builder/thumbnail-par': 'upload',
  'POST /api/courses/creator/builder/presentation-par': 'upload',
  'POST /api/courses/creator/builder/certificate-template-par': 'upload',
  'POST /api/v2/courses/creator/blocks/resource-par': 'upload',
  'POST /api/v2/admin/general/resource-par': 'upload',
  'POST /api/v2/courses/assignments/file-par': 'upload',
  'POST /api/v2/experimental/ai-avatar-photo-par': 'upload',
  'POST /api/v2/courses/creator/import/cartridge-par': 'upload',
  'POST /api/files/upload': 'upload',
  'PUT /api/v2/courses/creator/builder/cover': 'upload',
  'PUT /api/v2/courses/creator/builder/thumbnail': 'upload',
  'PUT /api/v2/courses/creator/builder/presentation': 'upload',
  'PUT /api/v2/courses/creator/builder/certificate-template': 'upload',
  'PUT /api/courses/creator/builder/cover': 'upload',
  'PUT /api/courses/creator/builder/thumbnail': 'upload',
  'PUT /api/courses/creator/builder/presentation': 'upload',
  'PUT /api/courses/creator/builder/certificate-template': 'upload',
  // Searches: the learner catalogue's full-text search and the builder's and administrators' course searches.
  'GET /api/v2/courses/all/:page/:search': 'search',
  'GET /api/v2/courses/creator/all/:page/:filter/:search': 'search',
  'GET /api/v2/courses/creator/count/:page/:filter/:search': 'search',
  'GET /api/courses/creator/all/:page/:filter/:search': 'search',
  'GET /api/courses/creator/count/:page/:filter/:search': 'search',
  'GET /api/v2/admin/courses/all/:page/:search': 'search',
  'GET /api/v2/admin/courses/count/:page/:search': 'search',
} as const

export type LimitClass = (typeof LIMITED_ROUTES)[keyof typeof LIMITED_ROUTES]

/** The setting holding each class's allowance per window (0: not limited). */
export const LIMIT_SETTINGS = {
  certificatePdf: 'RATE_LIMIT_CERTIFICATE_PDF',
  certificateVerify: 'RATE_LIMIT_CERTIFICATE_VERIFY',
  avatar: 'RATE_LIMIT_AVATAR',
  courseStart: 'RATE_LIMIT_COURSE_START',
  upload: 'RATE_LIMIT_UPLOAD',
  search: 'RATE_LIMIT_SEARCH',
} as const satisfies Record<LimitClass, keyof Config>

/** The code of a 429 answer. */
export const RATE_LIMITED = 'RATE_LIMITED'

export interface LimitsOptions {
  db: Db
  config: Config
  /** Clock in milliseconds (tests move it past a window). */
  now?: () => number
}

/**
 * The bucket store of @fastify/rate-limit kept in the database (`rate_limit_buckets`), so that
 * every process of an installation counts in the same buckets: one statement per counted request.
 */
function databaseStore(db: Db, now: () => number, onError: (error: unknown) => void) {
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      const at = now()
      countHit(db, key, new Date(at), timeWindow).then(
        ({ hits, resetsAt }) => callback(null, { current: hits, ttl: Math.max(1, resetsAt.getTime() - at) }),
        (error: unknown) => {
          onError(error)
          callback(error instanceof Error ? error : new Error(String(error)))
        },
      )
    },
    // Buckets are named by class, not by route: the routes of a class share one allowance.
    child: () => store,
  }
  return store
}

/** The bucket of a request: its class and the signed-in user, or the client address for a visitor. */
function bucketKey(request: FastifyRequest): string {
  const cls = (request.routeOptions.config as { limitClass?: LimitClass }).limitClass
  return request.principal ? `${cls}:user:${request.principal.sub}` : `${cls}:addr:${normalizeIP(request.ip)}`
}

/**
 * Rate limits of the expensive routes (`LIMITED_ROUTES`), on @fastify/rate-limit with the buckets
 * in the database. Counted after authentication, so a signed-in caller spends their own allowance
 * (a classroom behind one school address does not share one) and a refused token spends nothing;
 * visitors are counted per client address (TRUST_PROXY). Over the allowance: 429 with `Retry-After`
 * in seconds. Buckets whose window ended are swept once a window.
 */
export const limitsPlugin = fp<LimitsOptions>(async (app, options) => {
  const { db, config } = options
  const now = options.now ?? Date.now
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000
  const seen = new Set<string>()

  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => (m === 'HEAD' ? 'GET' : m))
    const cls = methods.map((m) => (LIMITED_ROUTES as Record<string, LimitClass>)[`${m} ${route.url}`]).find(Boolean)
    if (!cls) return
    seen.add(`${methods[0]} ${route.url}`)
    const max = config[LIMIT_SETTINGS[cls]]
    if (max === 0) return
    route.config = { ...(route.config ?? {}), limitClass: cls, rateLimit: { max, timeWindow: windowMs } } as typeof route.config
    // The OpenAPI document names the 429 answer.
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown> }
    schema.response = { ...(schema.response ?? {}), 429: RateLimitedBody }
  })

  await app.register(fastifyRateLimit, {
    global: false,
    // After the access policy's onRequest hook: the caller is known, nothing is parsed yet.
    hook: 'onRequest',
    store: function DatabaseStore() {
      return databaseStore(db, now, (error) => app.log.error({ err: error }, 'rate limit bucket unavailable; request let through'))
    } as unknown as new () => FastifyRateLimitStore,
    keyGenerator: bucketKey,
    // A database that cannot count lets the request through rather than refusing everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return new HttpError(429, `Too many requests: try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`, RATE_LIMITED, undefined, {
        retryAfter: seconds,
      })
    },
  })

  app.addHook('onReady', async () => {
    // A renamed route must not silently lose its limit.
    const missing = Object.keys(LIMITED_ROUTES).filter((key) => !seen.has(key))
    if (missing.length > 0) throw new Error(`Rate-limited routes not registered: ${missing.join(', ')} (server/limits/index.ts)`)
  })
  app.sweeps.add('rate-limit-buckets', Math.max(windowMs, 60_000), async (tx) => {
    await sweepBuckets(tx, new Date(now()))
  })
})
