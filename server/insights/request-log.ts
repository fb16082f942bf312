import type { Queryable } from '../db/index.js'
import { countryOf } from './geoip.js'
import { addRequestActivity, requestActivitySince, sweepRequestActivity, type ActivityRow } from './queries.js'

/** How long the activity is kept: the longest window the real-time view offers. */
export const REQUEST_LOG_MINUTES = 30
/** The width of an activity slot: windows are counted in whole slots. */
export const SLOT_MS = 10_000
/** Bound on what one process holds between writes under a flood; past it, new visitors of the slot are not counted. */
const MAX_PENDING = 50_000

interface Pending {
  slot: number
  visitor: string
  ip: string
  requests: number
}

/**
 * The log of recent requests behind real-time users by country: who (account or address) and from
 * which country, never what was asked. Each process counts its requests in memory per ten-second
 * slot and adds them to the database (`request_activity`) at every `flush` — every second, and before
 * it answers — so every process answers for all of them.
 */
export class RequestLog {
  private pending = new Map<string, Pending>()
  private chain: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  record(ip: string, sub: string | null) {
    const slot = Math.floor(this.now() / SLOT_MS) * SLOT_MS
    const visitor = sub ? `u:${sub}` : `a:${ip}`
    // The country is looked up when the slot is written: nothing but a map update per request.
    const key = `${slot}\n${visitor}\n${ip}`
    const entry = this.pending.get(key)
    if (entry) entry.requests++
    else if (this.pending.size < MAX_PENDING) this.pending.set(key, { slot, visitor, ip, requests: 1 })
  }

  /** Writes the pending counts (one write at a time; a failed write keeps them for the next one). */
  flush(): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.pending.size === 0) return
      const taken = this.pending
      this.pending = new Map()
      const rows = new Map<string, ActivityRow>()
      const countryOfIp = new Map<string, string>()
      for (const p of taken.values()) {
        let country = countryOfIp.get(p.ip)
        if (country === undefined) countryOfIp.set(p.ip, (country = countryOf(p.ip) ?? ''))
        const key = `${p.slot}\n${p.visitor}\n${country}`
        const row = rows.get(key)
        if (row) row.requests += p.requests
        else rows.set(key, { slot: new Date(p.slot), visitor: p.visitor, country, requests: p.requests })
      }
      try {
        await addRequestActivity(this.db, [...rows.values()])
      } catch (err) {
        for (const [key, p] of taken) {
          const entry = this.pending.get(key)
          if (entry) entry.requests += p.requests
          else this.pending.set(key, p)
        }
        throw err
      }
    })
    this.chain = run.catch(() => undefined)
    return run
  }

  /** Removes what is older than the longest window (a sweep: one process at a time). */
  sweep(db: Queryable) {
    return sweepRequestActivity(db, new Date(this.now() - REQUEST_LOG_MINUTES * 60_000 - SLOT_MS))
  }

  /** Distinct users and requests per country over the last `minutes`, in every process. */
  async byCountry(minutes: number) {
    await this.flush()
    const since = Math.floor((this.now() - minutes * 60_000) / SLOT_MS) * SLOT_MS
    const rows = await requestActivitySince(this.db, new Date(since))
    const all = rows.find((r) => r.total)
    const countries = rows.filter((r) => !r.total).map((r) => ({ country: r.country === '' ? null : r.country, users: r.users, requests: r.requests }))
    countries.sort((a, b) => b.users - a.users || b.requests - a.requests || String(a.country ?? '~').localeCompare(String(b.country ?? '~')))
    return { users: all?.users ?? 0, requests: all?.requests ?? 0, countries }
  }
}
