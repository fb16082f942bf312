import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleFile } from '../helpers/media.js'
import { ADMIN, adminApp, CREATOR, type AdminApi } from './admin-helpers.js'
import { multipart } from './storage-contract.js'

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

const SITES = '/api/v2/admin/sites'
const SITE = `${SITES}/website`
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
const call = ({ method, url, payload, headers = ADMIN }: Call) => api.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const slide = (over: Record<string, unknown> = {}) => ({
  title: 'Inscripciones abiertas',
  text: 'Ven',
  link: '/courses',
  imagePath: null,
  startsAt: null,
  endsAt: null,
  ...over,
})
const post = (over: Record<string, unknown> = {}) => ({
  kind: 'news',
  language: 'mx',
  title: 'Nuevo ciclo escolar',
  summary: 'Empieza en enero',
  body: '<p>Bienvenidos</p>',
  coverPath: null,
  category: null,
  tags: ['ciclo'],
  author: 'Dirección',
  state: 'draft',
  publishAt: null,
  ...over,
})

/** Uploads a PNG as the editor does; answers its path. */
async function uploadImage(site = 'website'): Promise<string> {
  const bytes = sampleFile('image/png')
  const par = await call({
    method: 'POST',
    url: `${SITES}/${site}/uploads`,
    payload: { size: bytes.length, contentType: 'image/png', fileName: 'Portada.png' },
  })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as { url: string; fields: Record<string, string>; path: string }
  const { body, contentType } = await multipart(fields, { bytes, name: 'Portada.png', type: 'image/png' })
  const posted = await api.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

describe('sites', () => {
  it('has the default site from the start, and lets administrators add and rename sites', async () => {
    const list = await call({ method: 'GET', url: SITES })
    expect(list.statusCode).toBe(200)
    expect(list.json().items[0]).toMatchObject({ slug: 'website', isDefault: true, defaultLanguage: 'mx' })
    const created = await call({
      method: 'POST',
      url: SITES,
      payload: { slug: 'campus-norte', name: 'Campus Norte', defaultLanguage: 'mx', languages: ['mx', 'eng'] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const again = await call({ method: 'POST', url: SITES, payload: { slug: 'campus-norte', name: 'Otro', defaultLanguage: 'mx', languages: ['mx'] } })
    expect(again.statusCode).toBe(409)
    const { revision } = created.json().Item
    const renamed = await call({
      method: 'PUT',
      url: `${SITES}/campus-norte`,
      payload: { name: 'Campus del Norte', defaultLanguage: 'mx', languages: ['mx', 'eng'], revision },
    })
    expect(renamed.json().Item).toMatchObject({ name: 'Campus del Norte', revision: revision + 1 })
    const stale = await call({ method: 'PUT', url: `${SITES}/campus-norte`, payload: { name: 'Tarde', defaultLanguage: 'mx', languages: ['mx'], revision } })
    expect(stale.statusCode).toBe(409)
    const badDefault = await call({
      method: 'PUT',
      url: `${SITES}/campus-norte`,
      payload: { name: 'X', defaultLanguage: 'it', languages: ['mx'], revision: revision + 1 },
    })
    expect(badDefault.statusCode).toBe(400)
    expect(badDefault.json().errors).toHaveProperty('defaultLanguage')
  })

  it('is for administrators only: 401 without a token, 403 for others', async () => {
    for (const [method, url] of [
      ['GET', SITES],
      ['GET', `${SITE}/slides`],
      ['GET', `${SITE}/posts`],
      ['POST', `${SITE}/posts`],
    ] as const) {
      expect((await api.app.inject({ method, url, ...(method === 'POST' ? { payload: post() } : {}) })).statusCode).toBe(401)
      const creator = await call({ method, url, headers: CREATOR, ...(method === 'POST' ? { payload: post() } : {}) })
      expect(creator.statusCode).toBe(403)
    }
    expect((await call({ method: 'GET', url: `${SITES}/no-such-site/slides` })).statusCode).toBe(404)
  })
})

describe('carousel', () => {
  it('stores slides with an uploaded image, orders them, and refuses stale writes with 409', async () => {
    const imagePath = await uploadImage()
    const a = (await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ imagePath }) })).json().Item
    expect(a).toMatchObject({ title: 'Inscripciones abiertas', live: true, revision: 1, imagePath })
    expect(a.imageUrl).toEqual(expect.any(String))
    const b = (await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ title: 'Segunda', link: 'https://example.org/x' }) })).json().Item
    const list = (await call({ method: 'GET', url: `${SITE}/slides` })).json()
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([a.id, b.id])
    const ordered = await call({ method: 'PUT', url: `${SITE}/slides-order`, payload: { ids: [b.id, a.id], orderRevision: list.orderRevision } })
    expect(ordered.statusCode, ordered.body).toBe(200)
    expect(ordered.json().items.map((s: { id: string }) => s.id)).toEqual([b.id, a.id])
    const staleOrder = await call({ method: 'PUT', url: `${SITE}/slides-order`, payload: { ids: [a.id, b.id], orderRevision: list.orderRevision } })
    expect(staleOrder.statusCode).toBe(409)
    const edited = await call({ method: 'PUT', url: `${SITE}/slides/${a.id}`, payload: { ...slide({ imagePath, title: 'Cambiado' }), revision: 1 } })
    expect(edited.json().Item).toMatchObject({ title: 'Cambiado', revision: 2 })
    const stale = await call({ method: 'PUT', url: `${SITE}/slides/${a.id}`, payload: { ...slide({ title: 'Viejo' }), revision: 1 } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('STALE_REVISION')
    // Clean up for the other tests.
    for (const s of [a, b]) {
      const current = (await call({ method: 'GET', url: `${SITE}/slides` })).json().items.find((x: { id: string }) => x.id === s.id)
      expect((await call({ method: 'DELETE', url: `${SITE}/slides/${s.id}?revision=${current.revision}` })).statusCode).toBe(204)
    }
  })

  it("refuses links that are not http(s) or a path, images not uploaded for the site, and another site's slide (404)", async () => {
    for (const link of ['javascript:alert(1)', '//evil.example', 'ftp://x']) {
      expect((await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ link }) })).statusCode, link).toBe(400)
    }
    expect((await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ imagePath: 'courses/x/cover/0123456789abcdef-a.png' }) })).statusCode).toBe(
      400,
    )
    const other = await call({ method: 'POST', url: SITES, payload: { slug: 'otra', name: 'Otra', defaultLanguage: 'mx', languages: ['mx'] } })
    expect(other.statusCode).toBe(201)
    const otherPath = await uploadImage('otra')
    expect((await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ imagePath: otherPath }) })).statusCode).toBe(400)
    const theirs = (await call({ method: 'POST', url: `${SITES}/otra/slides`, payload: slide() })).json().Item
    expect((await call({ method: 'PUT', url: `${SITE}/slides/${theirs.id}`, payload: { ...slide(), revision: 1 } })).statusCode).toBe(404)
    expect((await call({ method: 'DELETE', url: `${SITE}/slides/${theirs.id}?revision=1` })).statusCode).toBe(404)
    const badUpload = await call({ method: 'POST', url: `${SITE}/uploads`, payload: { size: 10 * 1024 * 1024, contentType: 'image/png', fileName: 'big.png' } })
    expect(badUpload.statusCode).toBe(413)
    const badType = await call({ method: 'POST', url: `${SITE}/uploads`, payload: { size: 100, contentType: 'text/html', fileName: 'a.html' } })
    expect(badType.statusCode).toBe(400)
  })

  it('shows visitors only the live slides of a site, with readable images', async () => {
    const imagePath = await uploadImage()
    const live = (await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ imagePath, title: 'Vivo' }) })).json().Item
    const future = new Date(Date.now() + 3600_000).toISOString()
    const past = new Date(Date.now() - 3600_000).toISOString()
    await call({ method: 'POST', url: `${SITE}/slides`, payload: slide({ title: 'Futuro', startsAt: future }) })
    await call({
      method: 'POST',
      url: `${SITE}/slides`,
      payload: slide({ title: 'Pasado', startsAt: new Date(Date.now() - 7200_000).toISOString(), endsAt: past }),
    })
    const res = await api.app.inject({ method: 'GET', url: '/api/v2/site/website/slides' })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as Array<{ title: string; imageUrl: string | null }>
    expect(items.map((s) => s.title)).toEqual(['Vivo'])
    const { pathname, search } = new URL(items[0]!.imageUrl!, 'http://localhost')
    const image = await api.app.inject({ method: 'GET', url: pathname + search })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toContain('image/png')
    expect(live.live).toBe(true)
    expect((await api.app.inject({ method: 'GET', url: '/api/v2/site/nowhere/slides' })).statusCode).toBe(404)
  })
})

describe('posts', () => {
  it('makes the slug from the title, keeps it unique per site, kind and language, and sanitises the body', async () => {
    const res = await call({
      method: 'POST',
      url: `${SITE}/posts`,
      payload: post({ title: 'Año de Innovación', body: '<p>Hola</p><script>alert(1)</script><img src=x onerror="alert(2)">' }),
    })
    expect(res.statusCode, res.body).toBe(201)
    const item = res.json().Item
    expect(item.slug).toBe('ano-de-innovacion')
    expect(item.body).not.toContain('<script')
    expect(item.body).not.toContain('onerror')
    const dup = await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Año de innovación' }) })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors).toHaveProperty('slug')
    // Another kind may use it.
    expect((await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ kind: 'blog', title: 'Año de innovación' }) })).statusCode).toBe(201)
    // A stored script (written past the API) never comes back to readers either.
    await api.db.query("UPDATE site_posts SET body = '<p>x</p><script>alert(3)</script>', state = 'published', publish_at = now() WHERE id = $1", [item.id])
    const read = await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/news/ano-de-innovacion' })
    expect(read.statusCode).toBe(200)
    expect(read.json().Item.body).toBe('<p>x</p>')
  })

  it('keeps a history of revisions and answers 409 to a stale save', async () => {
    const created = (await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Historial' }) })).json().Item
    const saved = await call({
      method: 'PUT',
      url: `${SITE}/posts/${created.id}`,
      payload: { ...post({ title: 'Historial 2', slug: 'historial' }), revision: 1 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().Item.revision).toBe(2)
    const stale = await call({ method: 'PUT', url: `${SITE}/posts/${created.id}`, payload: { ...post({ title: 'Otro', slug: 'historial' }), revision: 1 } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('STALE_REVISION')
    const history = (await call({ method: 'GET', url: `${SITE}/posts/${created.id}/revisions` })).json().items
    expect(history.map((r: { revision: number; title: string }) => [r.revision, r.title])).toEqual([
      [2, 'Historial 2'],
      [1, 'Historial'],
    ])
    expect(history[0].savedBy).toBe('admin-tester')
  })

  it('shows a scheduled post to readers only once its time has come', async () => {
    const at = new Date(Date.now() + 60_000).toISOString()
    const created = (await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Programada', state: 'scheduled', publishAt: at }) })).json()
      .Item
    expect(created).toMatchObject({ state: 'scheduled', effectiveState: 'scheduled' })
    const before = (await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/news' })).json().items
    expect(before.map((p: { slug: string }) => p.slug)).not.toContain('programada')
    expect((await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/news/programada' })).statusCode).toBe(404)
    // Its time comes (the clock is the database's: move the post's time rather than wait).
    await api.db.query("UPDATE site_posts SET publish_at = now() - interval '1 second' WHERE id = $1", [created.id])
    const after = (await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/news' })).json().items
    expect(after.map((p: { slug: string }) => p.slug)).toContain('programada')
    const listed = (await call({ method: 'GET', url: `${SITE}/posts?kind=news&state=published` })).json().items
    expect(listed.find((p: { id: string }) => p.id === created.id)).toMatchObject({ state: 'scheduled', effectiveState: 'published' })
    const scheduled = await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Sin fecha', state: 'scheduled' }) })
    expect(scheduled.statusCode).toBe(400)
    expect(scheduled.json().errors).toHaveProperty('publishAt')
  })

  it('marks a translation outdated when its source changes, until the translation is saved again', async () => {
    const source = (await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Fuente', state: 'published' }) })).json().Item
    const tr = await call({
      method: 'POST',
      url: `${SITE}/posts`,
      payload: post({ title: 'Source', language: 'eng', sourceId: source.id, state: 'published' }),
    })
    expect(tr.statusCode, tr.body).toBe(201)
    expect(tr.json().Item).toMatchObject({ sourceId: source.id, sourceRevision: 1, outdated: false })
    const twice = await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Again', language: 'eng', sourceId: source.id }) })
    expect(twice.statusCode).toBe(409)
    const orphan = await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Orphan', language: 'eng' }) })
    expect(orphan.statusCode).toBe(400)
    await call({
      method: 'PUT',
      url: `${SITE}/posts/${source.id}`,
      payload: { ...post({ title: 'Fuente cambiada', slug: 'fuente', state: 'published' }), revision: 1 },
    })
    const outdated = (await call({ method: 'GET', url: `${SITE}/posts/${tr.json().Item.id}` })).json().Item
    expect(outdated.outdated).toBe(true)
    const inList = (await call({ method: 'GET', url: `${SITE}/posts?language=eng` })).json().items
    expect(inList.find((p: { id: string }) => p.id === outdated.id).outdated).toBe(true)
    expect((await call({ method: 'GET', url: `${SITE}/posts/${source.id}` })).json().Item.translations).toEqual([
      { id: outdated.id, language: 'eng', outdated: true },
    ])
    const resaved = await call({
      method: 'PUT',
      url: `${SITE}/posts/${outdated.id}`,
      payload: { ...post({ title: 'Changed source', slug: 'source', state: 'published' }), revision: 1 },
    })
    expect(resaved.json().Item).toMatchObject({ outdated: false, sourceRevision: 2 })
    const english = await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/news/source?lang=eng' })
    expect(english.json().Item).toMatchObject({ title: 'Changed source', language: 'eng' })
  })

  it("answers 404 for another site's post and drafts are never public", async () => {
    const theirs = (await call({ method: 'POST', url: `${SITES}/otra/posts`, payload: post({ title: 'Ajena' }) })).json().Item
    expect((await call({ method: 'GET', url: `${SITE}/posts/${theirs.id}` })).statusCode).toBe(404)
    expect((await call({ method: 'PUT', url: `${SITE}/posts/${theirs.id}`, payload: { ...post(), revision: 1 } })).statusCode).toBe(404)
    expect((await call({ method: 'DELETE', url: `${SITE}/posts/${theirs.id}?revision=1` })).statusCode).toBe(404)
    await call({ method: 'POST', url: `${SITE}/posts`, payload: post({ title: 'Borrador secreto' }) })
    expect((await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/news/borrador-secreto' })).statusCode).toBe(404)
    expect((await api.app.inject({ method: 'GET', url: '/api/v2/site/website/posts/other' })).statusCode).toBe(400)
  })
})
