import { countryOf } from './geoip.js'

interface Hit {
  at: number
  /** A signed-in account (`u:<sub>`) or, for visitors, the address (`a:<ip>`). */
  visitor: string
  ip: string
}

/** How long the log keeps requests: the longest window the real-time view offers. */
export const REQUEST_LOG_MINUTES = 30
/** Bound on memory under a flood: the oldest entries go first. */
const MAX_HITS = 200_000

/**
 * The server's own log of recent requests, in memory: who (account or address) and from which country,
 * never what was asked. Each process keeps its own; entries older than 30 minutes are dropped.
 */
export class RequestLog {
  private hits: Hit[] = []
  private start = 0

  constructor(private readonly now: () => number = Date.now) {}

  record(ip: string, sub: string | null) {
    const at = this.now()
    // The country is looked up when someone asks (byCountry): nothing but a push per request.
    this.hits.push({ at, visitor: sub ? `u:${sub}` : `a:${ip}`, ip })
    this.prune(at)
  }

  private prune(at: number) {
    const oldest = at - REQUEST_LOG_MINUTES * 60_000
    while (this.start < this.hits.length && (this.hits[this.start]!.at < oldest || this.hits.length - this.start > MAX_HITS)) this.start++
    // Compact once the dropped head outweighs what is kept.
    if (this.start > 1024 && this.start * 2 > this.hits.length) {
      this.hits = this.hits.slice(this.start)
      this.start = 0
    }
  }

  /** Distinct users and requests per country over the last `minutes`. */
  byCountry(minutes: number) {
    const since = this.now() - minutes * 60_000
    const countries = new Map<string | null, { users: Set<string>; requests: number }>()
    const everyone = new Set<string>()
    const countryOfIp = new Map<string, string | null>()
    let requests = 0
    for (let i = this.hits.length - 1; i >= this.start; i--) {
      const hit = this.hits[i]!
      if (hit.at < since) break
      requests++
      everyone.add(hit.visitor)
      let country = countryOfIp.get(hit.ip)
      if (country === undefined) countryOfIp.set(hit.ip, (country = countryOf(hit.ip)))
      let entry = countries.get(country)
      if (!entry) countries.set(country, (entry = { users: new Set(), requests: 0 }))
      entry.users.add(hit.visitor)
      entry.requests++
    }
    const rows = [...countries].map(([country, e]) => ({ country, users: e.users.size, requests: e.requests }))
    rows.sort((a, b) => b.users - a.users || b.requests - a.requests || String(a.country ?? '~').localeCompare(String(b.country ?? '~')))
    return { users: everyone.size, requests, countries: rows }
  }
}
