import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { strToU8, zipSync } from 'fflate'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FolderSigner } from '../../server/storage/folders.js'
import { readFolderUrl, type Storage } from '../../server/storage/index.js'
import { LocalStorage } from '../../server/storage/local.js'
import { S3Storage } from '../../server/storage/s3.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * Folder read links: a simulation package's entry link covers the package's folder, so its page loads
 * its scripts, styles and images by relative address, on either storage driver, through our server.
 */

const OWNER = { authorization: 'Bearer test:owner-ana:creator' }
const V2 = '/api/v2/courses/creator'
const testAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer test:([\w.@-]+):([\w,-]*)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: m[1]!, username: m[1]!, email: `${m[1]}@example.test`, groups: m[2] ? m[2].split(',') : [] } : null
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
const PAGE = '<!doctype html><link rel="stylesheet" href="css/style.css"><script src="js/app.js"></script><img src="assets/img/dot.png">'
const PACKAGE = zipSync({
  'lab/index.html': strToU8(PAGE),
  'lab/js/app.js': strToU8('document.title = "running"'),
  'lab/css/style.css': strToU8('body { margin: 0 }'),
  'lab/assets/img/dot.png': PNG,
  'lab/data/steps.json': strToU8('{"steps":3}'),
  'lab/notes.bin': strToU8('raw'),
})

interface Driver {
  t: TestApp
  storage: Storage
  /** Moves the clock of the links by this many seconds. */
  advance(seconds: number): void
  close(): Promise<void>
}

async function localDriver(): Promise<Driver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-folders-'))
  let offset = 0
  const storage = new LocalStorage({ dir, now: () => Date.now() + offset * 1000 })
  const t = await createTestApp({ storage, authenticate: testAuth })
  return {
    t,
    storage,
    advance: (s) => (offset += s),
    async close() {
      await t.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function s3Driver(): Promise<Driver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-folders-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'aula-pkg', configs: [] }] })
  const { port } = await server.run()
  let offset = 0
  const storage = new S3Storage({
    bucket: 'aula-pkg',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    secret: Buffer.alloc(32, 7),
    now: () => Date.now() + offset * 1000,
  })
  const t = await createTestApp({ storage, authenticate: testAuth })
  return {
    t,
    storage,
    advance: (s) => (offset += s),
    async close() {
      await t.close()
      storage.client.destroy()
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

describe.each([
  ['local', localDriver],
  ['s3', s3Driver],
] as const)('folder read links (%s)', (_name, make) => {
  let d: Driver
  let entryUrl: string
  let zipPath: string
  beforeAll(async () => {
    d = await make()
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
      d.t.app.inject({ method, url, headers: OWNER, ...(body ? { payload: body } : {}) })
    const revision = async (c: string) =>
      Number((await d.t.db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1', [c])).rows[0]!.revision)
    const { rows } = await d.t.db.query<{ uuid: string }>('INSERT INTO courses (name, created_by) VALUES ($1, $2) RETURNING uuid', ['Lab course', 'owner-ana'])
    const c = rows[0]!.uuid
    const section = await call('POST', `${V2}/blocks/add`, { uuid: c, revision: await revision(c), item: 'section', values: { title: 'Labs' } })
    const block = await call('POST', `${V2}/blocks/add`, {
      uuid: c,
      revision: await revision(c),
      item: 'simulation',
      section: section.json().item.id,
      values: {},
    })
    expect(block.statusCode, block.body).toBe(200)
    const par = await call('POST', `${V2}/blocks/resource-par`, {
      uuid: c,
      block: block.json().item.id,
      size: PACKAGE.length,
      contentType: 'application/zip',
      fileName: 'lab.zip',
    })
    zipPath = par.json().path as string
    await d.storage.put(zipPath, Buffer.from(PACKAGE), 'application/zip')
    const saved = await call('PUT', `${V2}/blocks`, { uuid: c, revision: await revision(c), item: block.json().item.id, values: { path: zipPath } })
    expect(saved.statusCode, saved.body).toBe(200)
    entryUrl = saved.json().item.urls.entry as string
    // The review view hands out the same kind of link.
    const review = await call('GET', `${V2}/builder/review/course/${c}`)
    expect(review.statusCode, review.body).toBe(200)
    expect(JSON.stringify(review.json())).toContain(`/api/files/p/`)
  })
  afterAll(() => d.close())

  const get = (url: string, headers: Record<string, string> = {}) => d.t.app.inject({ method: 'GET', url, headers })
  /** A sibling's address as the browser resolves it against the entry page. */
  const sibling = (relative: string) => {
    const u = new URL(relative, `http://aula.test${entryUrl}`)
    return u.pathname + u.search
  }

  it('hands out an entry link whose signature is in the path and covers the package folder', () => {
    expect(entryUrl).toMatch(new RegExp(`^/api/files/p/\\d+/[A-Za-z0-9_-]{43}/${zipPath.replace(/\./g, '\\.')}\\.d/lab/index\\.html$`))
  })

  it('serves the page sandboxed and never sniffed, and every file it loads by relative address', async () => {
    const page = await get(entryUrl)
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(PAGE)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    // Loaded from an opaque origin (the sandbox): readable across origins, no cookie involved.
    expect(page.headers['access-control-allow-origin']).toBe('*')
    expect(page.headers['cross-origin-resource-policy']).toBe('cross-origin')

    const script = await get(sibling('js/app.js'))
    expect(script.statusCode).toBe(200)
    expect(script.body).toBe('document.title = "running"')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.headers['content-disposition']).toBeUndefined()
    const style = await get(sibling('css/style.css'))
    expect([style.statusCode, style.body, style.headers['content-type']]).toEqual([200, 'body { margin: 0 }', 'text/css; charset=utf-8'])
    const image = await get(sibling('assets/img/dot.png'))
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    const data = await get(sibling('./data/../data/steps.json'))
    expect(data.json()).toEqual({ steps: 3 })
    // Anything else is a download, never shown with our origin.
    const other = await get(sibling('notes.bin'))
    expect(other.headers['content-disposition']).toBe('attachment; filename="notes.bin"')
    expect(other.headers['content-security-policy']).toContain('sandbox')
  })

  it('answers byte ranges (media seeking)', async () => {
    const part = await get(sibling('js/app.js'), { range: 'bytes=9-13' })
    expect(part.statusCode).toBe(206)
    expect(part.body).toBe('title')
    expect(part.headers['content-range']).toBe('bytes 9-13/26')
    const tail = await get(sibling('js/app.js'), { range: 'bytes=-9' })
    expect([tail.statusCode, tail.body]).toEqual([206, '"running"'])
    const head = await d.t.app.inject({ method: 'HEAD', url: sibling('js/app.js') })
    expect([head.statusCode, head.headers['content-length'], head.headers['accept-ranges'], head.body]).toEqual([200, '26', 'bytes', ''])
    const beyond = await get(sibling('js/app.js'), { range: 'bytes=100-' })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe('bytes */26')
  })

  it('refuses a missing file (404), paths that leave the folder, and encoded slashes', async () => {
    const missing = await get(sibling('js/missing.js'))
    expect(missing.statusCode).toBe(404)
    // The sandboxed page can read the refusal (a 404 rather than an opaque network error).
    expect(missing.headers['access-control-allow-origin']).toBe('*')
    // The link covers `<zip>.d/`: the zip itself, beside the folder, is outside it.
    const [, , , , expires, signature] = entryUrl.split('/')
    const outside = `/api/files/p/${expires}/${signature}/${zipPath}`
    expect((await get(outside)).statusCode).toBe(403)
    // Another course file with the same signature: not covered.
    await d.storage.put(`${zipPath}.other/index.html`, Buffer.from('secret'), 'text/html')
    expect((await get(`/api/files/p/${expires}/${signature}/${zipPath}.other/index.html`)).statusCode).toBe(403)
    // `..` that a client sends unresolved, raw or encoded, and encoded slashes never reach the storage.
    for (const escape of ['lab/../../x.zip', 'lab/%2e%2e/%2e%2e/x', 'lab%2Fjs%2Fapp.js', 'lab/js%2fapp.js', 'lab\\..\\..\\x.zip', 'lab//js/app.js']) {
      const res = await get(`/api/files/p/${expires}/${signature}/${zipPath}.d/${escape}`)
      expect([403, 404], escape).toContain(res.statusCode)
      expect(res.body).not.toContain('running')
    }
  })

  it('refuses a tampered or expired signature (403)', async () => {
    const parts = entryUrl.split('/')
    const signature = parts[5]!
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    const tampered = [...parts.slice(0, 5), flipped, ...parts.slice(6)].join('/')
    expect((await get(tampered)).statusCode).toBe(403)
    const later = [...parts.slice(0, 4), String(Number(parts[4]) + 6 * 3600), ...parts.slice(5)].join('/')
    expect((await get(later)).statusCode).toBe(403)
    expect((await get(`/api/files/p/${parts[4]}/short/${parts.slice(6).join('/')}`)).statusCode).toBe(403)
    d.advance(13 * 3600)
    try {
      const expired = await get(entryUrl)
      expect(expired.statusCode).toBe(403)
      expect(expired.json().code).toBe('BAD_SIGNATURE')
    } finally {
      d.advance(-13 * 3600)
    }
  })
})

describe('folder links without a signing key', () => {
  it('fall back to a per-file link (a storage that cannot sign folders still shows the page)', async () => {
    const storage = new S3Storage({ bucket: 'aula-files', region: 'eu-west-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' } })
    const url = await readFolderUrl(storage, 'courses/x/block-simulation/a.zip.d/', 'index.html')
    expect(url).toMatch(/^https:\/\/aula-files\.s3\.eu-west-1\.amazonaws\.com\/courses\/x\/block-simulation\/a\.zip\.d\/index\.html\?/)
    storage.client.destroy()
  })

  it('a link signed with another key is refused', () => {
    const mine = new FolderSigner(Buffer.alloc(32, 1))
    const theirs = new FolderSigner(Buffer.alloc(32, 2))
    const [, , , , expires, signature] = theirs.url('courses/a/', 'index.html').split('/')
    expect(mine.coveringPrefix('courses/a/index.html', expires!, signature!)).toBeNull()
    expect(theirs.coveringPrefix('courses/a/index.html', expires!, signature!)).toBe('courses/a/')
    expect(theirs.coveringPrefix('courses/b/index.html', expires!, signature!)).toBeNull()
  })
})
