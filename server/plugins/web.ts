import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024

/** Long-lived caching for the build's hashed files (a new build gives new names), none for the rest. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** What the build writes precompressed beside each file (see `precompress` in vite.config.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/
const COMPRESSIBLE_TYPE = /^(application\/(json|problem\+json|xml|atom\+xml|yaml|x-yaml)|text\/)/

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * The encoding to answer in: brotli or gzip, the one the client prefers (q-values, `*`), brotli on a
 * tie; null when it accepts neither.
 */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  let br = -1
  let gz = -1
  let any = -1
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';')
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim() === 'q') q = Number(value) || 0
    }
    const name = token.trim().toLowerCase()
    if (name === 'br') br = q
    else if (name === 'gzip' || name === 'x-gzip') gz = q
    else if (name === '*') any = q
  }
  if (br < 0) br = any
  if (gz < 0) gz = any
  if (br > 0 && br >= gz) return 'br'
  return gz > 0 ? 'gzip' : null
}

/**
 * Compresses an API answer of at least COMPRESSION_THRESHOLD bytes, as the client accepts (brotli at
 * a fast level, or gzip). Everything else passes straight through: this runs on every API answer,
 * so a small one costs a type check and a length.
 */
function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
  if (payload.length < COMPRESSION_THRESHOLD && (typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD)) {
    return done(null, payload)
  }
  const type = reply.getHeader('content-type')
  if (reply.hasHeader('content-encoding') || typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return done(null, payload)
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  if (!encoding) return done(null, payload)
  const source = typeof payload === 'string' ? Buffer.from(payload) : payload
  const compressed =
    encoding === 'br'
      ? brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } })
      : gzip(source, { level: 6 })
  compressed.then(
    (body) => {
      reply.header('content-encoding', encoding)
      reply.removeHeader('content-length')
      done(null, body)
    },
    (err: Error) => done(err),
  )
}

/**
 * On-the-fly compression of the API's and the public site's large answers. Register it before the
 * routes: it joins each `/api` and `/site` route (and robots.txt) as the route is added. (The web app's files are compressed at build time instead,
 * see `webPlugin`.) Request bodies are never inflated: no decompression bombs.
 */
export const apiCompressionPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    // The API and the server-rendered public site (its pages, feeds, sitemaps and robots.txt).
    const compressed = ['/api', '/site', '/robots.txt'].some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))
    if (!compressed) return
    const own = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : []
    route.onSend = [...own, compressAnswer] as typeof route.onSend
  })
})

/**
 * Serves the built web app from `dist/`: hashed assets cached for a year, `index.html` for every
 * other browser path (client-side routes), and JSON 404s under `/api`. Text files go out in the
 * build's brotli or gzip copy when the browser accepts it.
 */
export const webPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (built) {
    const assets = `${path.sep}assets${path.sep}`
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // The build's own metadata (the manifest) is not for browsers.
      allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(assets) ? IMMUTABLE : 'no-cache')
        // The same URL answers differently per Accept-Encoding: caches must keep them apart.
        if (COMPRESSIBLE.test(filePath.replace(/\.(br|gz)$/, ''))) res.setHeader('vary', 'Accept-Encoding')
      },
    })
  }

  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.')
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(indexFile))
  }
  app.get('/', sendIndex)

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Resource not found', code: 'NOT_FOUND' })
    }
    return sendIndex(request, reply)
  })
})
