import { describe, expect, it } from 'vitest'
import { eachLimit, errorAndCpuRows, quantile, routeRows, type Measured } from '../bench/load-client.js'

/** The load client's figures: what the scenario rows of `npm run bench` say is met or missed. */
describe('bench load client', () => {
  it('takes quantiles by nearest rank', () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i)
    expect(quantile(ms, 0.5)).toBe(50)
    expect(quantile(ms, 0.95)).toBe(95)
    expect(quantile(ms, 0.99)).toBe(99)
    expect(quantile(ms, 1)).toBe(100)
    expect(quantile([7], 0.95)).toBe(7)
    expect(quantile([], 0.95)).toBe(0)
  })

  it('keeps at most the limit in flight and visits every item once', async () => {
    let inFlight = 0
    let most = 0
    const seen: number[] = []
    await eachLimit(
      Array.from({ length: 50 }, (_, i) => i),
      7,
      async (item) => {
        most = Math.max(most, ++inFlight)
        await new Promise((r) => setTimeout(r, 1))
        seen.push(item)
        inFlight--
      },
    )
    expect(most).toBe(7)
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i))
  })

  const measured = (over: Partial<Measured['routes'][number]>): Measured => ({
    routes: [{ route: 'POST forms/completed', count: 10, p50: 20, p95: 240, p99: 300, max: 310, non2xx: 0, failed: 0, ...over }],
    calls: 10,
    serverCpuMs: 25,
    wallMs: 1000,
  })

  it('judges a route by its p95 and the run by its errors', () => {
    expect(routeRows('exam', measured({ p95: 250 }), 250)[0]).toMatchObject({ value: '20 / 250 ms', p99: 300, target: 'p95 ≤ 250 ms', met: true })
    expect(routeRows('exam', measured({ p95: 251 }), 250)[0]!.met).toBe(false)
    expect(routeRows('exam', measured({}))[0]!.met).toBeUndefined()
    const [errors, cpu] = errorAndCpuRows(measured({}))
    expect(errors).toMatchObject({ value: '0 / 0', met: true })
    expect(cpu!.value).toBe('2.50 ms')
    expect(errorAndCpuRows(measured({ failed: 1 }))[0]).toMatchObject({ value: '0 / 1', met: false })
    expect(errorAndCpuRows(measured({ non2xx: 2 }))[0]).toMatchObject({ value: '2 / 0', met: false })
  })
})
