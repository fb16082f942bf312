import { Busboy, type BusboyFileStream } from '@fastify/busboy'
import send from '@fastify/send'
import Type from 'typebox'
import { errorResponses } from '../../../contracts/errors.js'
import { FileReadQuery } from '../../../contracts/storage/upload.js'
import { HttpError } from '../../plugins/errors.js'
import { isValidKey } from '../../storage/index.js'
import { LocalStorage, PolicyError, type SignedUpload } from '../../storage/local.js'
import { TOO_MUCH_DATA } from '../../storage/kinds.js'
import type { App } from '../../types.js'

/** Types a browser shows without running anything of ours: served inline. */
const PASSIVE = /^(?:image\/(?:png|jpeg|webp|gif|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|text\/plain)$/
/** Types a browser can run scripts in: served inline (simulations, SVG images) but only inside a sandbox. */
const ACTIVE = /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)$/
/**
 * An opaque origin: scripts of an uploaded page run, but cannot reach our cookies, storage or API
 * as us. Framing stays limited to our own pages (the builder and the learner view).
 */
const SANDBOX = "sandbox allow-scripts; frame-ancestors 'self'"

/** Direct uploads to, and downloads from, the embedded file storage (STORAGE_DRIVER=local). */
export default async function fileRoutes(app: App) {
  // The upload form is streamed by the handler, so the parser leaves the body alone (and the
  // general body limit, meant for JSON, does not apply: the signed policy carries the limit).
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined))

  const local = () => {
    const storage = app.storage
    if (!(storage instanceof LocalStorage)) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
    return storage
  }

  app.post(
    '/files/upload',
    {
      schema: {
        tags: ['files'],
        summary: 'Direct upload to the embedded storage: the fields of an upload ask (key, Content-Type, Policy, X-Aula-Signature), then the file',
        security: [],
        consumes: ['multipart/form-data'],
        response: { 204: Type.Null({ description: 'Stored' }), ...errorResponses(400, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const storage = local()
      const contentType = request.headers['content-type'] ?? ''
      if (!contentType.startsWith('multipart/form-data')) throw new HttpError(400, 'The upload must be a multipart form', 'BAD_FORM')
      await receiveForm(storage, request.raw, { 'content-type': contentType })
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A file of the embedded storage, through a read link the API handed out (ranges supported)',
        security: [],
        querystring: FileReadQuery,
        response: { 200: Type.Unknown({ description: 'The file' }), 206: Type.Unknown({ description: 'Part of the file' }), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const storage = local()
      const key = (request.params as { '*': string })['*']
      if (!isValidKey(key)) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
      if (!storage.verifyRead(key, request.query.expires, request.query.signature)) {
        throw new HttpError(403, 'This link has expired or is not valid', 'BAD_SIGNATURE')
      }
      const type = await storage.contentTypeOf(key)
      const file = '/' + key.split('/').map(encodeURIComponent).join('/')
      const result = await send(request.raw, file, { root: storage.objects, dotfiles: 'allow', index: false, cacheControl: false, contentType: false, acceptRanges: true })
      if (result.type !== 'file') {
        result.stream?.destroy()
        const status = result.statusCode
        if (status === 404 || result.type === 'directory') throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
        // 304 Not Modified, 412 and 416 come with send's own (empty or short) body.
        return reply.status(status as 200).headers(result.headers).send(null)
      }
      const seconds = Math.max(0, Math.min(Number(request.query.expires) - Math.floor(Date.now() / 1000), 6 * 3600))
      reply
        .status(result.statusCode as 200 | 206)
        .headers(result.headers)
        .header('content-type', type.startsWith('text/') ? `${type}; charset=utf-8` : type)
        .header('cache-control', `private, max-age=${seconds}`)
      if (ACTIVE.test(type)) reply.header('content-security-policy', SANDBOX)
      else if (!PASSIVE.test(type)) {
        reply.header('content-security-policy', SANDBOX)
        reply.header('content-disposition', `attachment; filename="${key.split('/').pop()!.replace(/^[0-9a-f]{16}-/, '')}"`)
      }
      return reply.send(result.stream)
    },
  )
}

/**
 * Reads the multipart form as S3 does: the fields before the file describe the upload, the first
 * part named `file` is the file, anything after it is ignored. The policy is checked before a byte
 * of the file is written; the file streams to disk and is refused (413) past its limit.
 */
function receiveForm(storage: LocalStorage, raw: NodeJS.ReadableStream & { complete?: boolean; on(e: 'close', l: () => void): unknown }, headers: { 'content-type': string }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const settle = (error?: unknown) => {
      if (settled) return
      settled = true
      if (error) reject(error)
      else resolve()
    }
    let busboy: InstanceType<typeof Busboy>
    try {
      busboy = new Busboy({ headers, limits: { fields: 20, fieldSize: 16 * 1024, files: 1, parts: 30, headerPairs: 50 } })
    } catch {
      settle(new HttpError(400, 'The upload must be a multipart form', 'BAD_FORM'))
      return
    }
    const fields: Record<string, string> = {}
    let receiving: Promise<unknown> | undefined
    const gone = new AbortController()
    raw.on('close', () => {
      if (!raw.complete) gone.abort()
    })

    busboy.on('field', (name: string, value: string) => {
      if (!receiving && !(name in fields)) fields[name] = value
    })
    busboy.on('file', (name: string, stream: BusboyFileStream) => {
      if (receiving || name !== 'file') {
        stream.resume()
        return
      }
      let upload: SignedUpload
      try {
        upload = storage.verifyUpload(fields)
      } catch (error) {
        stream.resume()
        receiving = Promise.resolve()
        settle(error instanceof PolicyError ? new HttpError(403, error.message, 'POLICY') : error)
        return
      }
      receiving = storage.receive(upload, stream, gone.signal).then(
        (result) => {
          // Answered at once; the rest of the body is read and discarded meanwhile.
          if (result.outcome === 'too-large') settle(new HttpError(413, TOO_MUCH_DATA.message, TOO_MUCH_DATA.code))
        },
        // The client went away mid-file: nothing was stored, and nobody is left to answer.
        (error: unknown) => settle(gone.signal.aborted ? new HttpError(400, 'The upload was interrupted', 'INTERRUPTED') : error),
      )
    })
    busboy.on('finish', () => {
      if (!receiving) settle(new HttpError(400, 'The upload has no file', 'NO_FILE'))
      else void receiving.then(() => settle())
    })
    busboy.on('error', () => settle(new HttpError(400, 'The upload is not a valid multipart form', 'BAD_FORM')))
    raw.pipe(busboy)
  })
}
