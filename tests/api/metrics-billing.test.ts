import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, adminApp, type AdminApi } from './admin-helpers.js'

/**
 * COST_SOURCE=aws: the cost figures come from AWS Cost Explorer through the AWS SDK. A local stand-in
 * for the Cost Explorer API (its JSON 1.1 protocol) answers, reached through the SDK's own endpoint
 * setting (AWS_ENDPOINT_URL_COST_EXPLORER) with throw-away credentials.
 */

const S = '/api/v2/metrics/server'
const today = new Date().toISOString().slice(0, 10)
const ENV = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_COST_EXPLORER', 'AWS_EC2_METADATA_DISABLED'] as const
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]))

let api: AdminApi
let fake: http.Server
const seen: Array<{ target: string; body: Record<string, unknown> }> = []
let refuse = false

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '')
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      seen.push({ target, body })
      res.setHeader('content-type', 'application/x-amz-json-1.1')
      if (refuse) {
        res.statusCode = 400
        res.end(JSON.stringify({ __type: 'AccessDeniedException', message: 'User is not authorized to perform ce:GetCostAndUsage' }))
        return
      }
      if (target.endsWith('GetCostAndUsage')) {
        const period = body.TimePeriod as { Start: string; End: string }
        res.end(
          JSON.stringify({
            ResultsByTime: [
              { TimePeriod: { Start: period.Start, End: period.End }, Total: { UnblendedCost: { Amount: '12.34', Unit: 'USD' } }, Estimated: true },
            ],
          }),
        )
      } else if (target.endsWith('GetCostForecast')) {
        res.end(JSON.stringify({ Total: { Amount: '40.00', Unit: 'USD' } }))
      } else {
        res.statusCode = 400
        res.end(JSON.stringify({ __type: 'UnknownOperationException' }))
      }
    })
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKE0000',
    AWS_SECRET_ACCESS_KEY: 'fake-secret-for-the-stand-in',
    AWS_ENDPOINT_URL_COST_EXPLORER: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    AWS_EC2_METADATA_DISABLED: 'true',
  })
  api = await adminApp({ COST_SOURCE: 'aws' })
})

afterAll(async () => {
  await api.close()
  await new Promise((resolve) => fake.close(resolve))
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k]
    else process.env[k] = saved[k]
  }
})

describe('with AWS Cost Explorer configured', () => {
  it('answers the billed cost per period beside the modelled breakdown', async () => {
    const res = await api.call('GET', `${S}/cost-and-usage?from=${today}&to=${today}`, undefined, ADMIN)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ source: 'aws-cost-explorer', modelled: false, billingApi: 'aws-cost-explorer' })
    expect(body.periods[0].billed).toBe(12.34)
    expect(body.totals.billed).toBe(12.34)
    expect(body.periods[0].cost.total).toBeGreaterThanOrEqual(0)
    const call = seen.find((s) => s.target.endsWith('GetCostAndUsage'))!
    expect(call.body).toMatchObject({ Granularity: 'DAILY', Metrics: ['UnblendedCost'], TimePeriod: { Start: today } })
  })

  it("adds the provider's forecast of the rest of the month to what it billed so far", async () => {
    const res = await api.call('GET', `${S}/forecast`, undefined, ADMIN)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ source: 'aws-cost-explorer', modelled: false, monthToDate: 12.34 })
    const lastDay = body.daysElapsed === body.daysInMonth
    expect(body.projected).toBeCloseTo(lastDay ? 12.34 : 52.34, 6)
    if (!lastDay) expect(seen.some((s) => s.target.endsWith('GetCostForecast'))).toBe(true)
  })

  it('falls back to the model, and says so, when Cost Explorer refuses', async () => {
    refuse = true
    const res = await api.call('GET', `${S}/cost-and-usage?from=${today}&to=${today}`, undefined, ADMIN)
    refuse = false
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ source: 'model', modelled: true, billingApi: 'aws-cost-explorer' })
    expect(body.note).toMatch(/^Modelled figures: AWS Cost Explorer did not answer \(User is not authorized/)
    expect(body.periods[0].billed).toBeNull()
  })
})
