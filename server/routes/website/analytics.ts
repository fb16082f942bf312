import { errorResponses } from '../../../contracts/errors.js'
import { SITE_ANALYTICS_MAX_DAYS, SiteAnalyticsQuery, SiteAnalyticsReply, SiteParams } from '../../../contracts/website/website.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { topViews, viewsPerDay } from './queries.js'
import { requireSite } from './sites.js'

const tags = ['admin: website']
const TOP = 20
const DAY = 86_400_000
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10)
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const bad = (field: 'from' | 'to', message: string) => new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: message })

/**
 * The days a report covers, both included: `to` defaults to today (UTC), `from` to 29 days before it
 * (30 days in all). A start after the end or a range over the limit is a 400 naming the field.
 */
export function analyticsRange(q: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = q.to ?? dayOf(now.getTime())
  const from = q.from ?? dayOf(ms(to) - 29 * DAY)
  if (Number.isNaN(ms(from))) throw bad('from', 'Not a calendar day')
  if (Number.isNaN(ms(to))) throw bad('to', 'Not a calendar day')
  if (from > to) throw bad('to', 'The end date must be on or after the start date')
  if ((ms(to) - ms(from)) / DAY + 1 > SITE_ANALYTICS_MAX_DAYS) throw bad('from', `The range must not be longer than ${SITE_ANALYTICS_MAX_DAYS} days`)
  return { from, to }
}

/** A site's page views (administrators): counted per day, page, language and referring host, without cookies or personal data. */
export default async function analyticsRoutes(app: App) {
  app.get(
    '/:site/analytics',
    {
      schema: {
        tags,
        summary: `The site's page views over a range of days (default the last 30, at most ${SITE_ANALYTICS_MAX_DAYS}): per day, top pages, referrers, languages`,
        params: SiteParams,
        querystring: SiteAnalyticsQuery,
        response: { 200: SiteAnalyticsReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { from, to } = analyticsRange(request.query)
      const site = await requireSite(app, request.params.site)
      const [days, pages, referrers, languages] = await Promise.all([
        viewsPerDay(app.db, site.id, from, to),
        topViews(app.db, site.id, from, to, 'path', TOP),
        topViews(app.db, site.id, from, to, 'referrer', TOP),
        topViews(app.db, site.id, from, to, 'language', TOP),
      ])
      return {
        from,
        to,
        total: days.reduce((sum, d) => sum + d.views, 0),
        days,
        pages: pages.map((r) => ({ path: r.key, views: r.views })),
        referrers: referrers.map((r) => ({ host: r.key, views: r.views })),
        languages: languages.map((r) => ({ language: r.key, views: r.views })),
      }
    },
  )
}
