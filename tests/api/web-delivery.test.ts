import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseEncoding, COMPRESSION_THRESHOLD } from '../../server/plugins/web.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * How the web app's files and the API's answers travel: the build's precompressed copies chosen by
 * Accept-Encoding, on-the-fly compression of large API answers only, and caching by kind of file.
 */
let t: TestApp
let distDir: string
const script = `export const greeting = ${JSON.stringify('hola '.repeat(400))};\n`
const ASSET = '/assets/app-Abc123.js'

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-dist-'))
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Aula</title><div id="root"></div>')
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.mkdirSync(path.join(distDir, 'assets'))
  const file = path.join(distDir, 'assets', 'app-Abc123.js')
  // Each copy as the build writes it, so the answer shows which file was sent.
  fs.writeFileSync(file, script)
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script))
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script))
  fs.writeFileSync(path.join(distDir, 'assets', 'logo-Def456.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
  t = await createTestApp({ distDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(distDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('web app files', () => {
  it.each([
    ['br, gzip, deflate', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['gzip;q=0.5, br;q=1', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
  ])('Accept-Encoding %s gets the build’s %s copy', async (accept, encoding, decode) => {
    const res = await get(ASSET, accept)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(res.rawPayload.length).toBeLessThan(script.length)
    expect(decode(res.rawPayload).toString()).toBe(script)
  })

  it.each([[undefined], ['identity'], ['deflate']])('Accept-Encoding %s gets the file as it is', async (accept) => {
    const res = await get(ASSET, accept)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.body).toBe(script)
  })

  it('a file without compressed copies goes out as it is, even to a browser that accepts them', async () => {
    const res = await get('/favicon.svg', 'br, gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toContain('<svg')
  })

  it('hashed assets are cached for a year as immutable; every compressed copy too', async () => {
    for (const accept of [undefined, 'gzip', 'br']) {
      expect((await get(ASSET, accept)).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    expect((await get('/assets/logo-Def456.png', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('index.html and unhashed files are revalidated on every use', async () => {
    for (const url of ['/', '/index.html', '/login', '/terms-of-use-and-privacy', '/favicon.svg']) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('does not serve the build’s manifest', async () => {
    fs.mkdirSync(path.join(distDir, '.vite'), { recursive: true })
    fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}')
    const res = await get('/.vite/manifest.json')
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).not.toBe('{}')
  })
})

describe('API answers', () => {
  it('a large answer is compressed on the fly as the client accepts: brotli, gzip or not at all', async () => {
    const plain = await get('/api/docs/json')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD)
    const spec = plain.json()

    const br = await get('/api/docs/json', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2)
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(spec)

    const gz = await get('/api/docs/json', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(spec)

    const deflateOnly = await get('/api/docs/json', 'deflate')
    expect(deflateOnly.headers['content-encoding']).toBeUndefined()
    // Others get it compressed, so caches must not hand this copy to them.
    expect(deflateOnly.headers.vary).toMatch(/accept-encoding/i)
    expect(deflateOnly.json()).toEqual(spec)
  })

  it('answers HEAD for a large answer without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBe(0)
  })

  it('a small answer goes out uncompressed, whatever the client accepts', async () => {
    for (const url of ['/api/health', '/api/config']) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode, url).toBe(200)
      expect(res.rawPayload.length, url).toBeLessThan(COMPRESSION_THRESHOLD)
      expect(res.headers['content-encoding'], url).toBeUndefined()
      expect(() => res.json(), url).not.toThrow()
    }
  })
})

describe('choosing the encoding from Accept-Encoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP , BR', 'br'],
    ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=1, *;q=0', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected)
  })
})
