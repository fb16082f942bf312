import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LocalStorage } from '../../server/storage/local.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { multipart, storageContract, type StorageHarness } from './storage-contract.js'

/** The embedded storage behind the real app: uploads and reads go through /api/files. */
async function localHarness(): Promise<StorageHarness & { t: TestApp; storage: LocalStorage; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-files-'))
  let offset = 0
  const storage = new LocalStorage({ dir, now: () => Date.now() + offset * 1000 })
  const t = await createTestApp({ storage })
  return {
    t,
    dir,
    storage,
    enforcesPolicy: true,
    advance: (seconds) => {
      offset += seconds
    },
    async post(url, fields, file) {
      const { body, contentType } = await multipart(fields, file)
      const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
      return { status: res.statusCode, body: res.body }
    },
    async get(url) {
      const res = await t.app.inject({ method: 'GET', url })
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload }
    },
    async close() {
      await t.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

storageContract('local', localHarness)

describe('embedded storage routes', () => {
  let h: Awaited<ReturnType<typeof localHarness>>
  beforeAll(async () => {
    h = await localHarness()
  })
  afterAll(async () => {
    await h.close()
  })

  const key = (name: string) => `courses/11111111-1111-4111-8111-111111111111/block-simulation/0123456789abcdef-${name}`
  const upload = async (k: string, body: Buffer, type: string, maxBytes = body.length) => {
    const { url, fields } = await h.storage.presignPost({ key: k, contentTypes: [], contentType: type, maxBytes })
    return h.post(url, fields, { bytes: body, name: 'x', type })
  }

  it('serves HTML and SVG only inside a sandbox, never sniffed', async () => {
    const page = key('index.html')
    expect((await upload(page, Buffer.from('<script>parent.x=1</script>'), 'text/html')).status).toBe(204)
    const html = await h.get(await h.storage.readUrl(page))
    expect(html.status).toBe(200)
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(html.headers['x-content-type-options']).toBe('nosniff')
    // A simulation block's own page: scripts run in an opaque origin, and reach nothing.
    expect(html.headers['content-security-policy']).toMatch(
      /^default-src 'none'; script-src 'unsafe-inline' .*; connect-src 'none'; .*form-action 'none'; .*frame-ancestors 'self'; sandbox allow-scripts$/,
    )
    const svg = key('logo.svg')
    await upload(svg, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')
    const image = await h.get(await h.storage.readUrl(svg))
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(image.headers['content-type']).toBe('application/octet-stream')
    expect(image.headers['content-disposition']).toBe('attachment; filename="logo.svg"')
  })

  it('serves other types as attachments with their own name, and images inline', async () => {
    const zip = key('package.zip')
    await upload(zip, Buffer.from('PK\u0003\u0004'), 'application/zip')
    const got = await h.get(await h.storage.readUrl(zip))
    expect(got.headers['content-disposition']).toBe('attachment; filename="package.zip"')
    expect(got.headers['content-type']).toBe('application/octet-stream')
    const png = key('a.png')
    await upload(png, Buffer.from('png'), 'image/png')
    const image = await h.get(await h.storage.readUrl(png))
    expect(image.headers['content-disposition']).toBeUndefined()
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
  })

  it('answers byte ranges (video seeking)', async () => {
    const video = key('clip.mp4')
    const body = Buffer.from(Array.from({ length: 100 }, (_, i) => i))
    await upload(video, body, 'video/mp4')
    const url = await h.storage.readUrl(video)
    const res = await h.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe('bytes 10-19/100')
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.rawPayload.equals(body.subarray(10, 20))).toBe(true)
  })

  it('answers HEAD and revalidation (304) without a body', async () => {
    const png = key('head.png')
    await upload(png, Buffer.from('0123456789'), 'image/png')
    const url = await h.storage.readUrl(png)
    const head = await h.t.app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe('10')
    expect(head.body).toBe('')
    const etag = String(head.headers.etag)
    const again = await h.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('refuses unsigned, tampered and expired read links; 404 for a missing file', async () => {
    const png = key('b.png')
    await upload(png, Buffer.from('png'), 'image/png')
    const url = await h.storage.readUrl(png)
    expect((await h.get(url.split('?')[0]!)).status).toBe(403)
    const signature = url.split('signature=')[1]!
    expect((await h.get(url.replace(signature, (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1)))).status).toBe(403)
    expect((await h.get(url.replace('b.png', 'c.png'))).status).toBe(403)
    expect((await h.get(await h.storage.readUrl(key('missing.png')))).status).toBe(404)
    expect((await h.get('/api/files/..%2F..%2Fsecret.key')).status).toBe(404)
    h.advance!(13 * 3600)
    const expired = await h.get(url)
    expect(expired.status).toBe(403)
    expect(JSON.parse(expired.body.toString()).message).toBe('This link has expired or is not valid')
  })

  it('streams a file larger than the JSON body limit when the policy allows it', async () => {
    const big = key('big.mp4')
    const body = Buffer.alloc(3 * 1024 * 1024 + 7, 1)
    expect(h.t.config.BODY_LIMIT).toBeLessThan(body.length)
    expect((await upload(big, body, 'video/mp4')).status).toBe(204)
    expect(await h.storage.head(big)).toEqual({ size: body.length, contentType: 'video/mp4' })
  })

  it('answers 413 Too much data past the limit, keeping no partial file', async () => {
    const big = key('too-big.mp4')
    const res = await upload(big, Buffer.alloc(3 * 1024 * 1024, 2), 'video/mp4', 1024 * 1024)
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ message: 'Too much data', code: 'TOO_LARGE' })
    expect(await h.storage.head(big)).toBeNull()
    expect(fs.readdirSync(path.join(h.dir, 'files', 'tmp'))).toEqual([])
  })

  it('keeps nothing of an upload whose client goes away mid-file', async () => {
    const k = key('interrupted.mp4')
    const { url, fields } = await h.storage.presignPost({ key: k, contentTypes: [], contentType: 'video/mp4', maxBytes: 10 * 1024 * 1024 })
    const { body, contentType } = await multipart(fields, { bytes: Buffer.alloc(4 * 1024 * 1024, 3), name: 'i.mp4', type: 'video/mp4' })
    const address = await h.t.app.listen({ port: 0, host: '127.0.0.1' })
    const request = http.request(`${address}${url}`, { method: 'POST', headers: { 'content-type': contentType, 'content-length': body.length } })
    request.on('error', () => {})
    request.write(body.subarray(0, 2 * 1024 * 1024))
    const tmp = path.join(h.dir, 'files', 'tmp')
    // The partial file appears while the body streams in, and goes when the client does.
    await vi.waitFor(() => expect(fs.readdirSync(tmp).length).toBe(1), { timeout: 10_000 })
    request.destroy()
    await vi.waitFor(() => expect(fs.readdirSync(tmp)).toEqual([]), { timeout: 10_000 })
    expect(await h.storage.head(k)).toBeNull()
  })

  it('removes partial uploads a stopped process left behind, but not recent ones', () => {
    const tmp = path.join(h.dir, 'files', 'tmp')
    fs.writeFileSync(path.join(tmp, 'old'), 'x')
    fs.utimesSync(path.join(tmp, 'old'), new Date(Date.now() - 25 * 3600_000), new Date(Date.now() - 25 * 3600_000))
    fs.writeFileSync(path.join(tmp, 'recent'), 'x')
    new LocalStorage({ dir: h.dir })
    expect(fs.readdirSync(tmp)).toEqual(['recent'])
    fs.rmSync(path.join(tmp, 'recent'))
  })

  it('refuses a form without a file, without a policy, or that is not multipart', async () => {
    const { url, fields } = await h.storage.presignPost({ key: key('n.png'), contentTypes: [], contentType: 'image/png', maxBytes: 10 })
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    const request = new Request('http://localhost/', { method: 'POST', body: form })
    const noFile = await h.t.app.inject({
      method: 'POST',
      url,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().message).toBe('The upload has no file')
    const noPolicy = await h.post(url, { key: key('n.png'), 'Content-Type': 'image/png' }, { bytes: Buffer.from('x'), name: 'n.png', type: 'image/png' })
    expect(noPolicy.status).toBe(403)
    const json = await h.t.app.inject({ method: 'POST', url, payload: { key: 'x' } })
    expect(json.statusCode).toBe(400)
    const broken = await h.t.app.inject({ method: 'POST', url, payload: 'nonsense', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } })
    expect(broken.statusCode).toBe(400)
  })
})
