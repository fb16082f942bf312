import { PUBLIC, SIGNED_IN, type PolicyTable } from '../access.js'

/**
 * Evaluation forms and certificates. The form routes are open to any signed-in user; the handlers then
 * require an active subscription to the course. A certificate is downloaded by the learner it names;
 * its verification is public.
 */
export const formsPolicy = {
  'POST /api/v2/courses/forms/request': SIGNED_IN,
  'POST /api/v2/courses/forms/completed': SIGNED_IN,
  'POST /api/v2/courses/forms/progress': SIGNED_IN,
  'GET /api/v2/courses/forms/summary/:course/:id': SIGNED_IN,
  'POST /api/v2/forms/request': SIGNED_IN,
  'POST /api/v2/forms/completed': SIGNED_IN,
  'POST /api/v2/forms/progress': SIGNED_IN,
  'GET /api/v2/forms/summary/:course/:id': SIGNED_IN,
  // Attempts with a life (decision 0035): the handlers find the attempt among the caller's own.
  'POST /api/v2/courses/forms/attempts/start': SIGNED_IN,
  'PUT /api/v2/courses/forms/attempts/:attempt/answers': SIGNED_IN,
  'POST /api/v2/courses/forms/attempts/:attempt/submit': SIGNED_IN,
  'POST /api/v2/forms/attempts/start': SIGNED_IN,
  'PUT /api/v2/forms/attempts/:attempt/answers': SIGNED_IN,
  'POST /api/v2/forms/attempts/:attempt/submit': SIGNED_IN,
  'GET /api/v2/courses/certificates/:course': SIGNED_IN,
  'GET /api/certificates/verify/:code': PUBLIC,
  // Open Badges 3.0 credentials (decision 0027): the caller's own, and the public ones to check them.
  'GET /api/v2/courses/certificates/:course/badge': SIGNED_IN,
  'GET /api/certificates/badges/:code': PUBLIC,
  'POST /api/certificates/badges/verify': PUBLIC,
  'GET /api/certificates/issuer': PUBLIC,
  'GET /api/certificates/issuer/jwks': PUBLIC,
  // The credentials' revocation status list (W3C Bitstring Status List).
  'GET /api/certificates/status/revocation': PUBLIC,
} as const satisfies PolicyTable
