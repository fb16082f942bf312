import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, adminApp, type AdminApi } from './admin-helpers.js'

/** The public website rendered on the server (decision 0040): pages, their head, their languages. */

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers })

describe('the public site', () => {
  it('sends a visitor from /site and /site/{site} to the home page in a language the site offers', async () => {
    const bare = await get('/site')
    expect(bare.statusCode).toBe(302)
    expect(bare.headers.location).toBe('/site/website/mx')
    const english = await get('/site/website', { 'accept-language': 'en-GB,en;q=0.9,es;q=0.5' })
    expect(english.statusCode).toBe(302)
    expect(english.headers.location).toBe('/site/website/eng')
    const german = await get('/site/website', { 'accept-language': 'de-AT' })
    expect(german.headers.location).toBe('/site/website/gr')
  })

  it('renders the home page without a session, with its language, canonical and alternates', async () => {
    const res = await get('/site/website/eng')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body.startsWith('<!doctype html><html lang="en">')).toBe(true)
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:80/site/website/eng"/>')
    expect(res.body).toContain('hrefLang="de" href="http://localhost:80/site/website/gr"')
    expect(res.body).toContain('hrefLang="x-default" href="http://localhost:80/site/website/mx"')
    expect(res.body).toContain('<h2 id="latest-news">Latest news</h2>')
    expect(res.body).not.toContain('<script src')
  })

  it('shows a published news post on the home page, and not a draft', async () => {
    for (const [title, state] of [
      ['Open day on Saturday', 'published'],
      ['Draft plans', 'draft'],
    ] as const) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/v2/admin/sites/website/posts',
        headers: ADMIN,
        payload: {
          kind: 'news',
          language: 'mx',
          title,
          summary: 'Come and see',
          body: '<p>Hi</p>',
          coverPath: null,
          category: null,
          tags: [],
          author: 'Office',
          state,
          publishAt: state === 'published' ? new Date(Date.now() - 60_000).toISOString() : null,
        },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const home = await get('/site/website/mx')
    expect(home.body).toContain('href="/site/website/mx/news/open-day-on-saturday">Open day on Saturday</a>')
    expect(home.body).not.toContain('Draft plans')
  })

  it('answers an unknown site, language or page with a 404 page that search engines skip', async () => {
    for (const url of ['/site/nowhere/mx', '/site/website/xx', '/site/website/mx/nothing/here', '/site/nowhere']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<meta name="robots" content="noindex"/>')
    }
  })
})
