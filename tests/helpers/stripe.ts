import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in of the Stripe API for tests (no network): answers `POST /v1/checkout/sessions`
 * with a session object whose payment page (`GET /c/pay/<id>`, a bare page) it serves too, and keeps
 * every request's form fields so a test can read what the server asked for; `POST /v1/refunds` answers
 * a succeeded refund. `failNext` makes the next
 * call answer a Stripe error instead.
 */
export interface StripeStandIn {
  /** The origin to set as STRIPE_API_BASE. */
  base: string
  /** The form fields of each session created, in order (`line_items[0][price_data][unit_amount]` …). */
  sessions: Array<Record<string, string>>
  /** The form fields of each refund made (`payment_intent`, `amount`) and its idempotency key, in order. */
  refunds: Array<Record<string, string>>
  failNext: boolean
  close(): Promise<void>
}

export const STRIPE_TEST_KEY = 'sk_test_aulaStandIn'
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_aulaStandInSecret'

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const state = { sessions: [] as Array<Record<string, string>>, refunds: [] as Array<Record<string, string>>, failNext: false }
  let origin = ''
  const server = http.createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${state.sessions.length}` })
        response.end(JSON.stringify(value))
      }
      if (request.method === 'GET' && request.url?.startsWith('/c/pay/')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return response.end('<!doctype html><html lang="en"><title>Stand-in payment page</title><h1>Stand-in payment page</h1></html>')
      }
      if (request.method !== 'POST' || (request.url !== '/v1/checkout/sessions' && request.url !== '/v1/refunds'))
        return json(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
      if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`)
        return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
      if (state.failNext) {
        state.failNext = false
        return json(400, { error: { type: 'invalid_request_error', message: 'Refused by the stand-in' } })
      }
      const fields = Object.fromEntries(new URLSearchParams(body))
      if (request.url === '/v1/refunds') {
        const key = String(request.headers['idempotency-key'] ?? '')
        // A retried request (same idempotency key) answers the refund made before, as Stripe does.
        const before = state.refunds.findIndex((r) => r.idempotencyKey === key)
        if (before < 0) state.refunds.push({ ...fields, idempotencyKey: key })
        const n = before < 0 ? state.refunds.length : before + 1
        return json(200, {
          id: `re_test_${n}_${process.pid}`,
          object: 'refund',
          amount: Number(fields.amount),
          payment_intent: fields.payment_intent,
          status: 'succeeded',
        })
      }
      state.sessions.push(fields)
      const id = `cs_test_${state.sessions.length}_${process.pid}`
      json(200, checkoutSession(id, fields, { url: `${origin}/c/pay/${id}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    base: origin,
    get sessions() {
      return state.sessions
    },
    get refunds() {
      return state.refunds
    },
    get failNext() {
      return state.failNext
    },
    set failNext(v: boolean) {
      state.failNext = v
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A Checkout Session object as Stripe answers it (the fields Aula reads, and a few more). */
export function checkoutSession(id: string, fields: Record<string, string>, over: Record<string, unknown> = {}) {
  const metadata = Object.fromEntries(
    Object.entries(fields)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  )
  return {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    client_reference_id: fields.client_reference_id ?? null,
    customer_email: fields.customer_email ?? null,
    payment_intent: null,
    currency: fields['line_items[0][price_data][currency]'] ?? null,
    amount_total: Number(fields['line_items[0][price_data][unit_amount]'] ?? 0),
    metadata,
    success_url: fields.success_url,
    cancel_url: fields.cancel_url,
    url: `https://checkout.stripe.test/c/pay/${id}`,
    ...over,
  }
}

let events = 0
/** A webhook delivery as Stripe sends it: the event's JSON and its Stripe-Signature, made by the library's own helper. */
export function signedEvent(type: string, object: Record<string, unknown>, secret = STRIPE_TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_test_${++events}_${process.pid}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  })
  const signature = new Stripe(STRIPE_TEST_KEY).webhooks.generateTestHeaderString({ payload, secret })
  return { payload, signature }
}
