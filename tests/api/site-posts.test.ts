import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { publishCourse } from '../helpers/learner.js'
import { escapeXml } from '../../server/site/xml.js'
import { referrerHost } from '../../server/site/visits.js'

/** The public site's news and blog, feeds, sitemap, robots.txt, featured courses and visit counts. */

let api: CourseApi
let owner: Caller
let courseUuid: string
let siteId: string
beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Site Owner', ['creator'])
  courseUuid = (await publishCourse(api, owner, { name: 'Astronomía práctica', briefDescription: 'Mirar el cielo con método' })).uuid
  siteId = (await api.db.query<{ id: string }>("SELECT id FROM sites WHERE slug = 'website'")).rows[0]!.id
  const ok = await api.call(ADMIN_CALLER, 'PUT', '/api/v2/admin/sites/website', {
    revision: (await api.call(ADMIN_CALLER, 'GET', '/api/v2/admin/sites')).json().items.find((s: { slug: string }) => s.slug === 'website').revision,
    name: 'Centro Aula',
    defaultLanguage: 'mx',
    languages: ['mx', 'eng', 'gr'],
    baseUrl: null,
  })
  expect(ok.statusCode, ok.body).toBe(200)
}, 120_000)
afterAll(() => api.close())

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers })
const past = (minutes = 10) => new Date(Date.now() - minutes * 60_000).toISOString()

interface PostInput {
  kind?: 'news' | 'blog'
  language?: string
  title: string
  summary?: string
  body?: string
  category?: string | null
  tags?: string[]
  state?: 'draft' | 'scheduled' | 'published'
  publishAt?: string | null
  sourceId?: string
  site?: string
}

async function post(p: PostInput): Promise<{ id: string; slug: string }> {
  const state = p.state ?? 'published'
  const res = await api.call(ADMIN_CALLER, 'POST', `/api/v2/admin/sites/${p.site ?? 'website'}/posts`, {
    kind: p.kind ?? 'news',
    language: p.language ?? 'mx',
    ...(p.sourceId ? { sourceId: p.sourceId } : {}),
    title: p.title,
    summary: p.summary ?? `${p.title} en breve`,
    body: p.body ?? `<p>${p.title}</p>`,
    coverPath: null,
    category: p.category ?? null,
    tags: p.tags ?? [],
    author: 'Oficina de prensa',
    state,
    publishAt: p.publishAt !== undefined ? p.publishAt : state === 'draft' ? null : past(),
  })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  return { id: body.Item.id, slug: body.Item.slug }
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)

describe('news and blog pages', () => {
  it('lists visible posts newest first, 12 a page, with Newer and Older links and a canonical page 2', async () => {
    for (let i = 1; i <= 13; i++) await post({ kind: 'blog', title: `Entrada número ${i}`, publishAt: past(100 - i) })
    const first = await get('/site/website/mx/blog')
    expect(first.statusCode).toBe(200)
    expect(first.body.indexOf('Entrada número 13')).toBeLessThan(first.body.indexOf('Entrada número 12'))
    expect(first.body).not.toContain('>Entrada número 1<')
    expect(first.body).toContain('href="/site/website/mx/blog?page=2" rel="next">Anteriores</a>')
    expect(first.body).not.toContain('rel="prev"')
    const second = await get('/site/website/mx/blog?page=2')
    expect(second.statusCode).toBe(200)
    expect(second.body).toContain('>Entrada número 1</a>')
    expect(second.body).toContain('<link rel="canonical" href="http://localhost:80/site/website/mx/blog?page=2"/>')
    expect(second.body).toContain('href="/site/website/mx/blog" rel="prev">Más recientes</a>')
    expect((await get('/site/website/mx/blog?page=3')).statusCode).toBe(404)
    expect((await get('/site/website/mx/blog?page=zero')).statusCode).toBe(404)
    expect(first.body).toContain('<link rel="alternate" type="application/atom+xml" href="http://localhost:80/site/website/mx/blog/feed.xml"')
  })

  it('filters a list by category with the translated labels', async () => {
    await post({ title: 'Reglamento interno', category: 'documents' })
    await post({ title: 'Nueva cuenta en redes', category: 'social-networks' })
    const docs = await get('/site/website/mx/news?category=documents')
    expect(docs.statusCode).toBe(200)
    expect(docs.body).toContain('<h1>Noticias: Documentos</h1>')
    expect(docs.body).toContain('Reglamento interno')
    expect(docs.body).not.toContain('Nueva cuenta en redes')
    const english = await get('/site/website/eng/news?category=organization-chart')
    expect(english.body).toContain('<h1>News: Organization Chart</h1>')
    expect((await get('/site/website/mx/news?category=recipes')).statusCode).toBe(404)
  })

  it('renders a post with its head, JSON-LD and a sanitised body', async () => {
    const news = await post({
      title: 'Jornada de puertas abiertas',
      category: 'documents',
      tags: ['visitas', 'campus'],
      body: '<p>Les esperamos</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    })
    const res = await get(`/site/website/mx/news/${news.slug}`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<h1>Jornada de puertas abiertas</h1>')
    expect(res.body).toContain('<p>Les esperamos</p>')
    expect(res.body).not.toContain('alert(1)')
    expect(res.body).not.toContain('onerror')
    expect(res.body).toContain('<meta property="og:type" content="article"/>')
    expect(res.body).toContain('<meta property="article:published_time"')
    expect(res.body).toContain('Por Oficina de prensa')
    const [data] = jsonLd(res.body)
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Jornada de puertas abiertas',
      publisher: { name: 'Centro Aula' },
      inLanguage: 'es-MX',
      mainEntityOfPage: { '@id': `http://localhost:80/site/website/mx/news/${news.slug}` },
    })
    const blog = await post({ kind: 'blog', title: 'Notas de campo' })
    expect(jsonLd((await get(`/site/website/mx/blog/${blog.slug}`)).body)[0]!['@type']).toBe('BlogPosting')
    // A news slug is not a blog post.
    expect((await get(`/site/website/mx/blog/${news.slug}`)).statusCode).toBe(404)
  })

  it('gives a post hreflang alternates only in the languages it exists in', async () => {
    const source = await post({ title: 'Semana de ciencia' })
    const translation = await post({ language: 'eng', title: 'Science week', sourceId: source.id })
    const res = await get(`/site/website/mx/news/${source.slug}`)
    expect(res.body).toContain(`hrefLang="en" href="http://localhost:80/site/website/eng/news/${translation.slug}"`)
    expect(res.body).toContain(`hrefLang="x-default" href="http://localhost:80/site/website/mx/news/${source.slug}"`)
    expect(res.body).not.toContain('hrefLang="de"')
    const english = await get(`/site/website/eng/news/${translation.slug}`)
    expect(english.statusCode).toBe(200)
    expect(english.body).toContain(`hrefLang="es-MX" href="http://localhost:80/site/website/mx/news/${source.slug}"`)
  })

  it('lists a post not yet translated in its own language on the pages of another, and the translation once it exists', async () => {
    const source = await post({ kind: 'blog', title: 'Feria de ciencias' })
    const english = await get('/site/website/eng/blog')
    // Listed in Spanish, said to be Spanish, linking its own page.
    expect(english.body).toContain(`<article class="card" lang="es-MX">`)
    expect(english.body).toContain(`href="/site/website/mx/blog/${source.slug}" hrefLang="es-MX">Feria de ciencias</a>`)
    expect((await get('/site/website/eng')).body).toContain('Feria de ciencias')
    // A draft translation changes nothing; a visible one takes the source's place.
    const draft = await post({ kind: 'blog', language: 'eng', title: 'Science fair (draft)', sourceId: source.id, state: 'draft' })
    expect((await get('/site/website/eng/blog')).body).toContain('Feria de ciencias')
    await api.db.query("UPDATE site_posts SET state = 'published', publish_at = now() - interval '1 second', title = 'Science fair' WHERE id = $1", [draft.id])
    const translated = (await get('/site/website/eng/blog')).body
    expect(translated).toContain(`href="/site/website/eng/blog/${draft.slug}">Science fair</a>`)
    expect(translated).not.toContain('Feria de ciencias')
    // The Spanish pages and the English feed are unchanged by the fallback.
    expect((await get('/site/website/mx/blog')).body).toContain('Feria de ciencias')
    expect((await get('/site/website/eng/blog/feed.xml')).body).not.toContain('Feria de ciencias')
  })

  it('never shows a draft, shows a scheduled post exactly once its time has passed, and keeps sites apart', async () => {
    const draft = await post({ title: 'Borrador secreto', state: 'draft' })
    const later = await post({ title: 'Anuncio programado', state: 'scheduled', publishAt: new Date(Date.now() + 3600_000).toISOString() })
    expect((await get(`/site/website/mx/news/${draft.slug}`)).statusCode).toBe(404)
    expect((await get(`/site/website/mx/news/${later.slug}`)).statusCode).toBe(404)
    const list = await get('/site/website/mx/news')
    expect(list.body).not.toContain('Borrador secreto')
    expect(list.body).not.toContain('Anuncio programado')
    await api.db.query("UPDATE site_posts SET publish_at = now() - interval '1 second' WHERE id = $1", [later.id])
    expect((await get(`/site/website/mx/news/${later.slug}`)).statusCode).toBe(200)
    expect((await get('/site/website/mx/news')).body).toContain('Anuncio programado')

    const made = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/sites', {
      slug: 'campus-norte',
      name: 'Campus Norte',
      defaultLanguage: 'mx',
      languages: ['mx'],
      baseUrl: null,
    })
    expect(made.statusCode, made.body).toBe(201)
    const other = await post({ site: 'campus-norte', title: 'Solo del norte' })
    expect((await get(`/site/campus-norte/mx/news/${other.slug}`)).statusCode).toBe(200)
    expect((await get(`/site/website/mx/news/${other.slug}`)).statusCode).toBe(404)
  })
})

describe('the home page', () => {
  it('shows the featured published courses in order and the latest blog posts', async () => {
    await api.db.query('INSERT INTO site_featured_courses (site_id, course_uuid, position) VALUES ($1, $2, 1)', [siteId, courseUuid])
    const res = await get('/site/website/mx')
    expect(res.body).toContain('<h2 id="featured-courses">Cursos destacados</h2>')
    expect(res.body).toContain(`href="/site/website/mx/courses/${courseUuid}">Astronomía práctica</a>`)
    expect(res.body).toContain('Mirar el cielo con método')
    expect(res.body).toContain('<h2 id="latest-posts">Últimas entradas del blog</h2>')
    expect(res.body).toContain('href="/site/website/mx/news">Ver todas las noticias</a>')
    expect(res.body).toContain('href="/site/website/mx/courses">Ver todos los cursos</a>')
  })

  it('leaves out a featured course that is no longer published', async () => {
    const draft = await api.db.query<{ uuid: string }>('SELECT uuid FROM courses WHERE published_version IS NULL LIMIT 1')
    if (draft.rows[0]) {
      await api.db.query('INSERT INTO site_featured_courses (site_id, course_uuid, position) VALUES ($1, $2, 0)', [siteId, draft.rows[0].uuid])
    }
    await api.db.query('UPDATE courses SET deleted_at = now() WHERE uuid = $1', [courseUuid])
    const res = await get('/site/website/mx')
    expect(res.body).not.toContain('Astronomía práctica')
    expect(res.body).not.toContain('id="featured-courses"')
    await api.db.query('UPDATE courses SET deleted_at = NULL WHERE uuid = $1', [courseUuid])
  })
})

describe('feeds, sitemap and robots.txt', () => {
  it('writes a valid Atom feed of the visible posts with absolute links', async () => {
    const res = await get('/site/website/mx/news/feed.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    expect(XMLValidator.validate(res.body)).toBe(true)
    const feed = new XMLParser({ ignoreAttributes: false }).parse(res.body).feed
    const entries = [feed.entry].flat() as Array<Record<string, unknown>>
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.length).toBeLessThanOrEqual(20)
    const open = entries.find((e) => e.title === 'Jornada de puertas abiertas')!
    expect(String((open.id as string) ?? '')).toMatch(/^http:\/\/localhost:80\/site\/website\/mx\/news\/jornada-de-puertas-abiertas$/)
    expect(String((open.content as Record<string, string>)['#text'])).not.toContain('script')
    expect(res.body).not.toContain('Borrador secreto')
  })

  it('lists every public page of a site in its sitemap, with alternates', async () => {
    const res = await get('/site/website/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/xml')
    expect(XMLValidator.validate(res.body)).toBe(true)
    expect(res.body).toContain('<loc>http://localhost:80/site/website/mx</loc>')
    expect(res.body).toContain('<loc>http://localhost:80/site/website/gr/news</loc>')
    expect(res.body).toContain('<loc>http://localhost:80/site/website/mx/news/jornada-de-puertas-abiertas</loc>')
    expect(res.body).toContain(`<loc>http://localhost:80/site/website/eng/courses/${courseUuid}</loc>`)
    expect(res.body).toContain('<xhtml:link rel="alternate" hreflang="en" href="http://localhost:80/site/website/eng/news/science-week"/>')
    expect(res.body).not.toContain('borrador-secreto')
    expect(res.body).not.toContain('solo-del-norte')
    expect((await get('/site/nowhere/sitemap.xml')).statusCode).toBe(404)
  })

  it('allows robots everywhere public and names every sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toContain('Disallow: /api/\n')
    expect(res.body).toContain('Disallow: /admin\n')
    expect(res.body).toContain('Sitemap: http://localhost:80/site/website/sitemap.xml')
    expect(res.body).toContain('Sitemap: http://localhost:80/site/campus-norte/sitemap.xml')
  })

  it('escapes XML text and attributes', () => {
    expect(escapeXml(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;')
  })
})

describe('visit counting', () => {
  const views = async () =>
    (
      await api.db.query<{ path: string; language: string; referrer: string; views: number }>(
        'SELECT path, language, referrer, views FROM site_page_views WHERE site_id = $1 ORDER BY path, referrer',
        [siteId],
      )
    ).rows

  it('counts pages sent with 200 by path, language and referring host, never robots or 404s', async () => {
    await api.app.siteVisits.flush()
    await api.db.query('DELETE FROM site_page_views')
    await get('/site/website/eng', { referer: 'https://www.example.org/search?q=aula', 'user-agent': 'Mozilla/5.0 HeadlessChrome/130' })
    await get('/site/website/eng/?utm=x', { referer: 'https://www.example.org/other' })
    await get('/site/website/eng/news', { referer: 'http://localhost/site/website/eng' })
    await get('/site/website/eng/news', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })
    await get('/site/website/eng/news', { 'user-agent': 'Mozilla/5.0 Chrome-Lighthouse' })
    await get('/site/website/eng/news/nothing-here')
    await get('/site/website/eng/news', { referer: 'not a url' })
    await api.app.siteVisits.flush()
    expect(await views()).toEqual([
      { path: '/site/website/eng', language: 'eng', referrer: 'www.example.org', views: 2 },
      { path: '/site/website/eng/news', language: 'eng', referrer: '', views: 2 },
    ])
    // Another process's counts add to the same rows.
    await get('/site/website/eng')
    await api.app.siteVisits.flush()
    expect((await views())[0]).toMatchObject({ referrer: '', views: 1 })
  })

  it('keeps only the referring host', () => {
    expect(referrerHost('https://news.example.com/a/b?c=d#e', ['aula.example'])).toBe('news.example.com')
    expect(referrerHost('https://AULA.example/x', ['aula.example'])).toBe('')
    expect(referrerHost('javascript:alert(1)', [])).toBe('')
    expect(referrerHost(undefined, [])).toBe('')
  })
})

describe('compression', () => {
  it('sends pages and feeds compressed when the browser accepts it', async () => {
    for (const url of ['/site/website/mx/blog', '/site/website/mx/blog/feed.xml', '/site/website/sitemap.xml']) {
      const res = await get(url, { 'accept-encoding': 'gzip' })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('gzip')
    }
  })
})
