import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { caller, courseApp, startCourse, type Caller, type CourseApi } from '../helpers/courses.js'
import { catalogueEntry, L, publishCourse, type PublishedCourse } from '../helpers/learner.js'
import { checkoutSession, signedEvent, startStripeStandIn, STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, type StripeStandIn } from '../helpers/stripe.js'

/** Online checkout through Stripe Checkout (decision 0028), against a local stand-in of the Stripe API. */

const WEBHOOK = '/api/v2/payments/stripe/webhook'
let stripe: StripeStandIn
let api: CourseApi
let owner: Caller
let course: PublishedCourse
let closed: PublishedCourse
let [FREE, PRICED, YEN] = ['', '', '']

beforeAll(async () => {
  stripe = await startStripeStandIn()
  api = await courseApp({
    STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
    PUBLIC_URL: 'https://aula.example.org',
  })
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Astronomía',
    salesEnabled: true,
    plans: [
      { name: 'Free month', durationDays: 30 },
      { name: '60 days', durationDays: 60, price: 49.9, currency: 'EUR' },
      { name: 'Yen week', durationDays: 7, price: 1200, currency: 'JPY' },
    ],
  })
  ;[FREE, PRICED, YEN] = course.plans
  closed = await publishCourse(api, owner, { name: 'Not sold', salesEnabled: false, plans: [{ name: 'Priced', durationDays: 30, price: 10, currency: 'EUR' }] })
})
afterAll(async () => {
  await api?.close()
  await stripe?.close()
})

let n = 0
const newLearner = () => caller(`buyer-${++n}-${process.pid}`, ['general'])
const checkout = (who: Caller | null, body: Record<string, unknown>) => api.call(who, 'POST', `${L}/course/checkout`, body)
const deliver = (d: { payload: string; signature: string }) =>
  api.app.inject({ method: 'POST', url: WEBHOOK, payload: d.payload, headers: { 'content-type': 'application/json', 'stripe-signature': d.signature } })

/** Starts a checkout of the priced plan; answers our id, the session the stand-in made and its form fields. */
async function started(who: Caller, plan = PRICED) {
  const res = await checkout(who, { uuid: course.uuid, plan })
  expect(res.statusCode, res.body).toBe(201)
  const fields = stripe.sessions.at(-1)!
  const { id, url } = res.json() as { id: string; url: string }
  const sessionId = /cs_test_\w+$/.exec(url)![0]
  return { id, url, sessionId, fields, session: (over: Record<string, unknown> = {}) => checkoutSession(sessionId, fields, over) }
}

const paid = (s: { session: (o?: Record<string, unknown>) => Record<string, unknown> }) =>
  signedEvent('checkout.session.completed', s.session({ status: 'complete', payment_status: 'paid' }))

async function holdings(who: Caller) {
  const subs = await api.db.query<{ id: string; plan_name: string; duration_days: number }>(
    'SELECT id, plan_name, duration_days FROM subscriptions WHERE user_sub = $1 AND course_uuid = $2',
    [who.sub, course.uuid],
  )
  const sales = await api.db.query<{ amount: string; currency: string; channel: string; buyer_email: string; subscription_id: string }>(
    'SELECT amount::text AS amount, currency, channel, buyer_email, subscription_id FROM sales WHERE buyer_sub = $1',
    [who.sub],
  )
  return { subscriptions: subs.rows, sales: sales.rows.map((s) => ({ ...s, currency: s.currency.trim() })) }
}

describe('starting a checkout', () => {
  it("opens a Stripe Checkout session at the plan's price, naming the learner, course and plan; a price sent by the client is ignored", async () => {
    const who = newLearner()
    const overview = await api.call(who, 'GET', `${L}/course/${course.uuid}`)
    expect(overview.json().Item.checkoutEnabled).toBe(true)
    const res = await checkout(who, { uuid: course.uuid, plan: PRICED, price: 0.01, amount: 1, currency: 'USD' })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body.url).toMatch(new RegExp(`^${stripe.base}/c/pay/cs_test_\\w+$`))
    const f = stripe.sessions.at(-1)!
    expect(f).toMatchObject({
      mode: 'payment',
      client_reference_id: body.id,
      customer_email: `${who.sub}@example.test`,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '4990',
      'line_items[0][price_data][product_data][name]': 'Astronomía — 60 days',
      'metadata[checkout]': body.id,
      'metadata[user]': who.sub,
      'metadata[course]': course.uuid,
      'metadata[plan]': PRICED,
      success_url: `https://aula.example.org/galaxy/courses/overview/${course.uuid}?checkout=success`,
      cancel_url: `https://aula.example.org/galaxy/courses/overview/${course.uuid}?checkout=cancelled`,
    })
    const { rows } = await api.db.query<{ status: string; amount: string; currency: string; session_id: string }>(
      'SELECT status, amount::text AS amount, currency, session_id FROM checkout_sessions WHERE id = $1',
      [body.id],
    )
    expect(rows).toEqual([{ status: 'open', amount: '49.90', currency: 'EUR', session_id: /cs_test_\w+$/.exec(body.url)![0] }])
    // Nothing is sold until the provider says it is paid.
    expect(await holdings(who)).toEqual({ subscriptions: [], sales: [] })
  })

  it('pressed again, the same payment page for an hour while it is open; a closed one gives a new page', async () => {
    const who = newLearner()
    const first = await started(who)
    const before = stripe.sessions.length
    const again = await checkout(who, { uuid: course.uuid, plan: PRICED })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual({ id: first.id, url: first.url })
    expect(stripe.sessions.length).toBe(before)
    // Another learner, or the same one once the session expired, gets a session of their own.
    expect((await started(newLearner())).url).not.toBe(first.url)
    expect((await deliver(signedEvent('checkout.session.expired', first.session({ status: 'expired' })))).statusCode).toBe(200)
    const fresh = await started(who)
    expect(fresh.url).not.toBe(first.url)
    // An hour later the open page is not offered again either.
    await api.db.query("UPDATE checkout_sessions SET created_at = now() - interval '61 minutes' WHERE id = $1", [fresh.id])
    expect((await started(who)).url).not.toBe(fresh.url)
  })

  it('a currency without decimals is sent in whole units', async () => {
    const s = await started(newLearner(), YEN)
    expect(s.fields['line_items[0][price_data][currency]']).toBe('jpy')
    expect(s.fields['line_items[0][price_data][unit_amount]']).toBe('1200')
  })

  it('refuses what cannot be bought: not signed in 401, unknown course or plan 404, unpublished 404, free plan or unsold course 409', async () => {
    const who = newLearner()
    const draft = await startCourse(api, owner, { name: 'Draft only' })
    const cases: Array<[Caller | null, Record<string, unknown>, number, string | undefined]> = [
      [null, { uuid: course.uuid, plan: PRICED }, 401, undefined],
      [who, { uuid: '00000000-0000-4000-8000-000000000000', plan: PRICED }, 404, 'NOT_FOUND'],
      [who, { uuid: course.uuid, plan: '00000000-0000-4000-8000-000000000000' }, 404, 'PLAN_NOT_FOUND'],
      [who, { uuid: closed.uuid, plan: PRICED }, 404, 'PLAN_NOT_FOUND'],
      [who, { uuid: draft.uuid, plan: PRICED }, 404, 'NOT_FOUND'],
      [who, { uuid: course.uuid, plan: FREE }, 409, 'PLAN_IS_FREE'],
      [who, { uuid: closed.uuid, plan: closed.plans[0] }, 409, 'NOT_ON_SALE'],
      [who, { uuid: 'not-a-uuid', plan: PRICED }, 400, 'VALIDATION'],
      [who, { uuid: course.uuid }, 400, 'VALIDATION'],
    ]
    const before = stripe.sessions.length
    for (const [as, body, status, code] of cases) {
      const res = await checkout(as, body)
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status)
      if (code) expect(res.json().code).toBe(code)
    }
    expect(stripe.sessions.length).toBe(before)
  })

  it('a provider that refuses answers 502 and the checkout is marked failed', async () => {
    stripe.failNext = true
    const res = await checkout(newLearner(), { uuid: course.uuid, plan: PRICED })
    expect(res.statusCode, res.body).toBe(502)
    expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE')
    const { rows } = await api.db.query("SELECT 1 FROM checkout_sessions WHERE status = 'failed' AND session_id IS NULL")
    expect(rows.length).toBe(1)
  })
})

describe('the webhook', () => {
  it('fulfils a paid session once: subscription and checkout sale, even when delivered twice', async () => {
    const who = newLearner()
    const s = await started(who)
    const delivery = paid(s)
    for (let i = 0; i < 2; i++) {
      const res = await deliver(delivery)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ received: true })
    }
    const held = await holdings(who)
    expect(held.subscriptions).toMatchObject([{ plan_name: '60 days', duration_days: 60 }])
    expect(held.sales).toEqual([
      { amount: '49.90', currency: 'EUR', channel: 'checkout', buyer_email: `${who.sub}@example.test`, subscription_id: held.subscriptions[0].id },
    ])
    const plans = await api.call(who, 'GET', `${L}/course/subscriptions/${course.uuid}`)
    expect(plans.json().subscription).toMatchObject({ status: 'active', plan: { name: '60 days', durationDays: 60 } })
    // Bought: a second checkout is refused while the subscription is active.
    expect((await checkout(who, { uuid: course.uuid, plan: PRICED })).json().code).toBe('ALREADY_SUBSCRIBED')
    // The learner is notified once, however often the webhook came (decision 0029).
    const notes = await api.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_sub = $1', [who.sub])
    expect(notes.rows).toEqual([{ kind: 'subscription-added' }])
  })

  it('two deliveries at once make one subscription and one sale', async () => {
    const who = newLearner()
    const s = await started(who)
    const first = paid(s)
    // A second event of the same session (Stripe's retry has the same id; a different event, the same session, also counts once).
    const second = signedEvent('checkout.session.async_payment_succeeded', s.session({ status: 'complete', payment_status: 'paid' }))
    const answers = await Promise.all([deliver(first), deliver(first), deliver(second)])
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const held = await holdings(who)
    expect(held.subscriptions).toHaveLength(1)
    expect(held.sales).toHaveLength(1)
  })

  it('out of order: an expired event first, a completion still fulfils; an expiry after payment changes nothing', async () => {
    const a = newLearner()
    const sa = await started(a)
    expect((await deliver(signedEvent('checkout.session.expired', sa.session({ status: 'expired' })))).statusCode).toBe(200)
    expect((await deliver(paid(sa))).statusCode).toBe(200)
    expect((await holdings(a)).sales).toHaveLength(1)

    const b = newLearner()
    const sb = await started(b)
    expect((await deliver(paid(sb))).statusCode).toBe(200)
    expect((await deliver(signedEvent('checkout.session.expired', sb.session({ status: 'expired' })))).statusCode).toBe(200)
    expect((await deliver(paid(sb))).statusCode).toBe(200)
    expect(await holdings(b)).toMatchObject({ subscriptions: [{ plan_name: '60 days' }], sales: [{ channel: 'checkout' }] })
    const { rows } = await api.db.query<{ status: string }>('SELECT status FROM checkout_sessions WHERE session_id = $1', [sb.sessionId])
    expect(rows).toEqual([{ status: 'paid' }])
  })

  it('a completed session still waiting for its payment is not fulfilled until the payment succeeds', async () => {
    const who = newLearner()
    const s = await started(who)
    await deliver(signedEvent('checkout.session.completed', s.session({ status: 'complete', payment_status: 'unpaid' })))
    expect((await holdings(who)).subscriptions).toHaveLength(0)
    await deliver(signedEvent('checkout.session.async_payment_succeeded', s.session({ status: 'complete', payment_status: 'paid' })))
    expect((await holdings(who)).subscriptions).toHaveLength(1)
  })

  it('a delivery whose session id was not stored yet is found by its reference', async () => {
    const who = newLearner()
    const s = await started(who)
    await api.db.query('UPDATE checkout_sessions SET session_id = NULL WHERE id = $1', [s.id])
    expect((await deliver(paid(s))).statusCode).toBe(200)
    expect((await holdings(who)).sales).toHaveLength(1)
  })

  it('refuses a tampered or unsigned body (400) and changes nothing', async () => {
    const who = newLearner()
    const s = await started(who)
    const genuine = paid(s)
    const tampered = { payload: genuine.payload.replace('"payment_status":"paid"', '"payment_status":"paid" '), signature: genuine.signature }
    const otherSecret = signedEvent('checkout.session.completed', s.session({ payment_status: 'paid' }), 'whsec_notTheRightOne')
    for (const d of [tampered, otherSecret, { payload: genuine.payload, signature: '' }, { payload: genuine.payload, signature: 't=1,v1=00' }]) {
      const res = await deliver(d)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('BAD_SIGNATURE')
    }
    const unsigned = await api.app.inject({ method: 'POST', url: WEBHOOK, payload: genuine.payload, headers: { 'content-type': 'application/json' } })
    expect(unsigned.statusCode).toBe(400)
    expect(await holdings(who)).toEqual({ subscriptions: [], sales: [] })
  })

  it('answers 200 and ignores unknown event types and sessions it never opened', async () => {
    const res = await deliver(signedEvent('customer.created', { id: 'cus_1', object: 'customer' }))
    expect(res.statusCode, res.body).toBe(200)
    const stranger = await deliver(
      signedEvent('checkout.session.completed', checkoutSession('cs_test_foreign', { client_reference_id: 'x' }, { payment_status: 'paid' })),
    )
    expect(stranger.statusCode, stranger.body).toBe(200)
  })
})

describe('without Stripe settings', () => {
  let plain: CourseApi
  beforeAll(async () => {
    plain = await courseApp()
  })
  afterAll(() => plain?.close())

  it('the overview says checkout is off, checkout answers 409 CHECKOUT_DISABLED and the webhook 404', async () => {
    const owner2 = await plain.user('Pia Plain', ['creator'])
    const categoryId = await catalogueEntry(plain, 'categories', 'Plain')
    const c = await publishCourse(plain, owner2, {
      name: 'Sold by hand',
      categoryId,
      salesEnabled: true,
      plans: [{ name: 'Year', durationDays: 365, price: 20, currency: 'EUR' }],
    })
    const who = caller(`plain-${process.pid}`, ['general'])
    const overview = (await plain.call(who, 'GET', `${L}/course/${c.uuid}`)).json().Item
    expect(overview.checkoutEnabled).toBe(false)
    expect(overview.plans).toMatchObject([{ free: false, price: 20, currency: 'EUR' }])
    const res = await plain.call(who, 'POST', `${L}/course/checkout`, { uuid: c.uuid, plan: c.plans[0] })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().code).toBe('CHECKOUT_DISABLED')
    const hook = signedEvent('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', payment_status: 'paid' })
    const answer = await plain.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: hook.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    })
    expect(answer.statusCode).toBe(404)
  })
})
