import Type, { type Static } from 'typebox'

/** Every error answer of the API: a message, an optional machine code, and field errors on 400. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
})
export type ErrorBody = Static<typeof ErrorBody>

/** A 429 of a rate-limited route: the error body and the seconds to wait (also in `Retry-After`). */
export const RateLimitedBody = Type.Object({
  message: Type.String(),
  code: Type.Literal('RATE_LIMITED'),
  retryAfter: Type.Integer({ minimum: 1, description: 'Seconds until the window ends (as the Retry-After header).' }),
})
export type RateLimitedBody = Static<typeof RateLimitedBody>

/** The error answers a route may give, for the OpenAPI document (410: gone for good, as a revoked certificate; 503: busy, with Retry-After). */
export const errorResponses = (...codes: Array<400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503>) => Object.fromEntries(codes.map((c) => [c, ErrorBody]))
