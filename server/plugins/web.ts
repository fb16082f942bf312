import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'

/**
 * Serves the built web app from `dist/`: hashed assets cached for a year, `index.html` for every
 * other browser path (client-side routes), and JSON 404s under `/api`.
 */
export const webPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.')
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await fs.promises.readFile(indexFile))
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
