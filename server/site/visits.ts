import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../db/index.js'
import { addPageViews, type PageViewCount } from './queries.js'

/** Longest path counted (the column's limit); a longer one is cut. */
const MAX_PATH = 300
const MAX_HOST = 255
/** A buffer this large is written at once rather than at the next tick. */
const MAX_KEYS = 5000
const FLUSH_MS = 5000

/** Robots, link previews and audit tools: not visitors. Headless browsers driven by people's tests are counted. */
const NOT_A_VISITOR = /bot|crawl|spider|slurp|lighthouse|preview/i

export const isRobot = (userAgent: string | undefined) => userAgent !== undefined && NOT_A_VISITOR.test(userAgent)

/** The referring page's host, '' when there is none, it cannot be read, or it is the site itself. */
export function referrerHost(referer: string | undefined, ownHosts: readonly string[]): string {
  if (!referer) return ''
  let host: string
  try {
    const url = new URL(referer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    host = url.hostname.toLowerCase()
  } catch {
    return ''
  }
  if (!host || host.length > MAX_HOST || ownHosts.some((h) => h.toLowerCase() === host)) return ''
  return host
}

export interface PageView {
  siteId: string
  /** The page's path without its query. */
  path: string
  language: string
  referrer: string
  when: Date
}

/**
 * Counts public page views (decision 0041) in this process and writes them every few seconds (and
 * on close) as one upsert that adds to the day's rows: no request waits for the database, and
 * several processes add their counts to the same rows. A crash loses at most the unwritten seconds.
 */
export class SiteVisits {
  private counts = new Map<string, PageViewCount>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = FLUSH_MS,
  ) {}

  count(view: PageView): void {
    const row = {
      siteId: view.siteId,
      day: view.when.toISOString().slice(0, 10),
      path: view.path.slice(0, MAX_PATH),
      language: view.language,
      referrer: view.referrer.slice(0, MAX_HOST),
    }
    const key = JSON.stringify([row.siteId, row.day, row.path, row.language, row.referrer])
    const had = this.counts.get(key)
    if (had) had.views += 1
    else this.counts.set(key, { ...row, views: 1 })
    if (this.counts.size >= MAX_KEYS) void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs)
      this.timer.unref()
    }
  }

  /** Writes what has been counted so far (tests call it rather than wait). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const batch = [...this.counts.values()]
    this.counts = new Map()
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return
      try {
        await addPageViews(this.db, batch)
      } catch (err) {
        // Counts are not worth a retry loop: they are logged as lost.
        this.log.warn({ err, rows: batch.length }, 'page views could not be written')
      }
    })
    return this.flushing
  }
}
