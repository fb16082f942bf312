import fs from 'node:fs/promises'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { publishCourse, type PublishedCourse } from '../helpers/learner.js'
import { checkoutSession, signedEvent, startStripeStandIn, STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, type StripeStandIn } from '../helpers/stripe.js'

/** Receipts and refunds of sales (decision 0029): online ones through the Stripe stand-in, manual ones as records. */

const SALES = '/api/v2/finances/sales'
let stripe: StripeStandIn
let api: CourseApi
let course: PublishedCourse
let PRICED = ''
const FINANCE = caller('finance-staff', ['finances'])

beforeAll(async () => {
  stripe = await startStripeStandIn()
  api = await courseApp({
    STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
    PUBLIC_URL: 'https://aula.example.org',
    BADGE_ISSUER_NAME: 'Centro Estelar',
  })
  const owner = await api.user('Olga Owner', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Astronomía',
    salesEnabled: true,
    plans: [{ name: '60 days', durationDays: 60, price: 49.9, currency: 'EUR' }],
  })
  PRICED = course.plans[0]
})
afterAll(async () => {
  await api?.close()
  await stripe?.close()
})

const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text

let n = 0
/** A learner who pays the priced plan online: the paid webhook carries the PaymentIntent. Answers the sale. */
async function bought(): Promise<{ who: Caller; saleId: string; subscriptionId: string; intent: string }> {
  const who = caller(`payer-${++n}-${process.pid}`, ['general'])
  const res = await api.call(who, 'POST', '/api/v2/courses/course/checkout', { uuid: course.uuid, plan: PRICED })
  expect(res.statusCode, res.body).toBe(201)
  const sessionId = /cs_test_\w+$/.exec(res.json().url)![0]
  const intent = `pi_test_${n}_${process.pid}`
  const paid = signedEvent(
    'checkout.session.completed',
    checkoutSession(sessionId, stripe.sessions.at(-1)!, { status: 'complete', payment_status: 'paid', payment_intent: intent }),
  )
  const hook = await api.app.inject({
    method: 'POST',
    url: '/api/v2/payments/stripe/webhook',
    payload: paid.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': paid.signature },
  })
  expect(hook.statusCode, hook.body).toBe(200)
  const { rows } = await api.db.query<{ id: string; subscription_id: string }>('SELECT id, subscription_id FROM sales WHERE buyer_sub = $1', [who.sub])
  return { who, saleId: rows[0].id, subscriptionId: rows[0].subscription_id, intent }
}

/** A learner in the pool subscribed to the priced plan by an administrator: a manual sale. */
async function soldByHand(): Promise<{ who: Caller; saleId: string; subscriptionId: string }> {
  const who = await api.user(`Manual Learner ${++n}`, ['general'])
  const res = await api.call(ADMIN_CALLER, 'POST', '/api/admin/courses/course/subscriptors/add', {
    uuid: course.uuid,
    subscription: PRICED,
    user: who.username,
  })
  expect(res.statusCode, res.body).toBe(201)
  const { rows } = await api.db.query<{ id: string; subscription_id: string }>('SELECT id, subscription_id FROM sales WHERE buyer_sub = $1', [who.sub])
  return { who, saleId: rows[0].id, subscriptionId: rows[0].subscription_id }
}

const refund = (saleId: string, body: Record<string, unknown>, as: Caller = ADMIN_CALLER) => api.call(as, 'POST', `${SALES}/${saleId}/refund`, body)

async function subscription(id: string) {
  const { rows } = await api.db.query<{ duration_days: number; revoked_at: Date | null }>('SELECT duration_days, revoked_at FROM subscriptions WHERE id = $1', [
    id,
  ])
  return rows[0]
}

/** The .eml the file transport wrote to `to` whose subject names `words`, waiting a little: the receipt is mailed after the webhook answered. */
async function mailTo(to: string, words: string): Promise<string> {
  const dir = path.join(api.config.dataDir, 'mail')
  for (let i = 0; i < 100; i++) {
    const names = await fs.readdir(dir).catch(() => [] as string[])
    for (const name of names) {
      const text = await fs.readFile(path.join(dir, name), 'utf8')
      if (text.includes(`To: ${to}`) && text.includes(words)) return text
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no mail to ${to}`)
}

describe('receipts', () => {
  it('mails the receipt with its PDF once a checkout sale is recorded, and stores the payment it came from', async () => {
    const { who, saleId, intent } = await bought()
    const { rows } = await api.db.query<{ payment_ref: string; receipt_number: string }>('SELECT payment_ref, receipt_number::text FROM sales WHERE id = $1', [
      saleId,
    ])
    expect(rows[0].payment_ref).toBe(intent)
    const number = `R-${rows[0].receipt_number.padStart(6, '0')}`
    const mail = await mailTo(`${who.sub}@example.test`, number)
    expect(mail).toContain('application/pdf')
    expect(mail).toContain(`receipt-${number}.pdf`)
  })

  it("lets the learner download their own receipt (naming the centre, course, plan and amount) and answers 404 for another learner's", async () => {
    const { who, subscriptionId } = await bought()
    const list = await api.call(who, 'GET', '/api/v2/user/subscriptions')
    expect(list.json().items[0]).toMatchObject({ id: subscriptionId, receipt: true })
    const res = await api.call(who, 'GET', `/api/v2/user/subscriptions/${subscriptionId}/receipt?lang=eng`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipt-R-\d{6,}\.pdf"$/)
    const bytes = new Uint8Array(res.rawPayload)
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1)
    const text = await pdfText(bytes)
    for (const expected of ['Payment receipt', 'Centro Estelar', 'Astronomía', '60 days', '€49.90', 'Online payment']) expect(text).toContain(expected)
    expect(text).not.toContain('Refunded')

    const other = caller(`nosy-${process.pid}`, ['general'])
    expect((await api.call(other, 'GET', `/api/v2/user/subscriptions/${subscriptionId}/receipt`)).statusCode).toBe(404)
    // Finance staff and administrators read it from the sale.
    const mx = await api.call(
      FINANCE,
      'GET',
      `${SALES}/${(await api.db.query<{ id: string }>('SELECT id FROM sales WHERE subscription_id = $1', [subscriptionId])).rows[0].id}/receipt`,
    )
    expect(mx.statusCode).toBe(200)
    expect(await pdfText(new Uint8Array(mx.rawPayload))).toContain('Recibo de pago')
  })

  it('says "Refunded" with the amount once refunded, in the language asked for', async () => {
    const { who, saleId, subscriptionId } = await soldByHand()
    expect((await refund(saleId, { amount: 10, reason: 'Goodwill', subscription: 'keep' })).statusCode).toBe(200)
    const res = await api.call(who, 'GET', `/api/v2/user/subscriptions/${subscriptionId}/receipt?lang=gr`)
    expect(res.statusCode).toBe(200)
    const text = await pdfText(new Uint8Array(res.rawPayload))
    expect(text).toContain('Zahlungsbeleg')
    expect(text).toContain('Erstattet: 10,00 €')
    expect(text).toContain('Von der Verwaltung erfasst')
  })
})

describe('refunds', () => {
  it('refunds an online sale in full through Stripe, revokes the subscription and records an audit entry', async () => {
    const { saleId, subscriptionId, intent } = await bought()
    const res = await refund(saleId, { reason: 'Asked within 14 days', subscription: 'revoke' })
    expect(res.statusCode, res.body).toBe(200)
    const item = res.json().Item
    expect(item).toMatchObject({ refundable: 0, throughProvider: true, sale: { refundedAmount: 49.9 } })
    expect(item.refunds).toEqual([
      expect.objectContaining({ amount: 49.9, reason: 'Asked within 14 days', subscription: 'revoke', providerRef: expect.stringMatching(/^re_test_/) }),
    ])
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: intent, amount: '4990' })
    expect((await subscription(subscriptionId)).revoked_at).not.toBeNull()
    const audit = await api.db.query<{ action: string; target_id: string }>(
      `SELECT action, target_id FROM audit_log WHERE action = 'sales.refund' AND target_id = $1`,
      [saleId],
    )
    expect(audit.rows).toHaveLength(1)
    const log = await api.call(ADMIN_CALLER, 'GET', '/api/v2/admin/audit/all?action=sales.refund&sizePerPage=100')
    expect(log.statusCode, log.body).toBe(200)
    expect(log.json().items.find((e: { targetId: string }) => e.targetId === saleId)).toMatchObject({
      targetType: 'sale',
      targetName: expect.stringMatching(/^R-\d{6,} · Astronomía$/),
    })
    // Nothing remains: a second refund is a conflict, and Stripe is not called again.
    const before = stripe.refunds.length
    expect((await refund(saleId, { reason: 'Again', subscription: 'keep' })).statusCode).toBe(409)
    expect(stripe.refunds.length).toBe(before)
  })

  it('refunds a manual sale in part as a record only, shortening the subscription; more than remains is 409', async () => {
    const { saleId, subscriptionId } = await soldByHand()
    const before = stripe.refunds.length
    const res = await refund(saleId, { amount: 19.9, reason: 'Half the course', subscription: 'shorten', days: 20 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Item).toMatchObject({ refundable: 30, throughProvider: false, sale: { refundedAmount: 19.9 } })
    expect(res.json().Item.refunds[0]).toMatchObject({ providerRef: null, days: 20 })
    expect(stripe.refunds.length).toBe(before)
    expect(await subscription(subscriptionId)).toMatchObject({ duration_days: 40, revoked_at: null })
    expect((await refund(saleId, { amount: 30.01, reason: 'Too much', subscription: 'keep' })).statusCode).toBe(409)
    const rest = await refund(saleId, { amount: 30, reason: 'The rest', subscription: 'keep' })
    expect(rest.statusCode).toBe(200)
    expect(rest.json().Item).toMatchObject({ refundable: 0, sale: { refundedAmount: 49.9 } })
    expect(await subscription(subscriptionId)).toMatchObject({ duration_days: 40, revoked_at: null })
  })

  it('two refunds at once never give back more than was paid', async () => {
    const { saleId, intent } = await bought()
    const answers = await Promise.all([
      refund(saleId, { amount: 30, reason: 'One', subscription: 'keep' }),
      refund(saleId, { amount: 30, reason: 'Two', subscription: 'keep' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const { rows } = await api.db.query<{ total: string }>('SELECT coalesce(sum(amount), 0)::text AS total FROM sale_refunds WHERE sale_id = $1', [saleId])
    expect(Number(rows[0].total)).toBe(30)
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1)
  })

  it('validates the body (400), hides unknown sales (404) and is for administrators only (403)', async () => {
    const { saleId } = await soldByHand()
    for (const body of [
      { subscription: 'keep' },
      { reason: '   ', subscription: 'keep' },
      { reason: 'x', subscription: 'shorten' },
      { reason: 'x', subscription: 'keep', days: 3 },
      { reason: 'x', subscription: 'keep', amount: 0 },
      { reason: 'x', subscription: 'keep', amount: 1.234 },
      { reason: 'x', subscription: 'later' },
    ]) {
      const res = await refund(saleId, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await refund('00000000-0000-4000-8000-000000000000', { reason: 'x', subscription: 'keep' })).statusCode).toBe(404)
    expect((await refund('not-a-uuid', { reason: 'x', subscription: 'keep' })).statusCode).toBe(400)
    expect((await refund(saleId, { reason: 'x', subscription: 'keep' }, FINANCE)).statusCode).toBe(403)
    expect((await refund(saleId, { reason: 'x', subscription: 'keep' }, caller('learner-x', ['general']))).statusCode).toBe(403)
    expect((await api.call(FINANCE, 'GET', `${SALES}/${saleId}`)).statusCode).toBe(200)
    expect((await api.call(caller('learner-x', ['general']), 'GET', `${SALES}/${saleId}/receipt`)).statusCode).toBe(403)
  })

  it('a refused Stripe refund is a 502 and changes nothing', async () => {
    const { saleId, subscriptionId } = await bought()
    stripe.failNext = true
    const res = await refund(saleId, { reason: 'x', subscription: 'revoke' })
    expect(res.statusCode).toBe(502)
    expect((await api.call(ADMIN_CALLER, 'GET', `${SALES}/${saleId}`)).json().Item).toMatchObject({ refundable: 49.9, refunds: [] })
    expect((await subscription(subscriptionId)).revoked_at).toBeNull()
  })
})

describe('reports', () => {
  it('give gross, refunds and net per currency', async () => {
    const { saleId } = await soldByHand()
    expect((await refund(saleId, { amount: 9.9, reason: 'Partial', subscription: 'keep' })).statusCode).toBe(200)
    const { rows } = await api.db.query<{ revenue: string; refunds: string }>(
      `SELECT sum(amount)::text AS revenue, sum(refunded_amount)::text AS refunds FROM sales WHERE currency = 'EUR'`,
    )
    const totals = await api.call(FINANCE, 'GET', `${SALES}/totals?currency=EUR`)
    expect(totals.statusCode).toBe(200)
    const eur = totals.json().currencies[0]
    expect(eur).toMatchObject({ currency: 'EUR', revenue: Number(rows[0].revenue), refunds: Number(rows[0].refunds) })
    expect(eur.net).toBeCloseTo(Number(rows[0].revenue) - Number(rows[0].refunds), 2)
    const series = await api.call(FINANCE, 'GET', `${SALES}?currency=EUR`)
    const sum = (k: 'revenue' | 'refunds' | 'net') => series.json().points.reduce((t: number, p: Record<string, number>) => t + p[k], 0)
    expect(sum('refunds')).toBeCloseTo(eur.refunds, 2)
    expect(sum('net')).toBeCloseTo(eur.net, 2)
    const list = await api.call(FINANCE, 'GET', `${SALES}/list?currency=EUR&sizePerPage=100`)
    expect(list.json().items.find((s: { id: string }) => s.id === saleId)).toMatchObject({
      refundedAmount: 9.9,
      receiptNumber: expect.stringMatching(/^R-\d{6,}$/),
    })
  })
})
