import { Busboy, type BusboyFileStream } from '@fastify/busboy'
import send from '@fastify/send'
import Type from 'typebox'
import { errorResponses } from '../../../contracts/errors.js'
import { FileReadQuery, FolderReadParams } from '../../../contracts/storage/upload.js'
import { HttpError } from '../../http/http-error.js'
import { isValidKey, type ByteRange, type FolderLinks } from '../../storage/index.js'
import { LocalStorage, PolicyError, type SignedUpload } from '../../storage/local.js'
import { TOO_MUCH_DATA } from '../../storage/kinds.js'
import { fileAnswer, isSameOriginCodeLoad, type FileAnswer } from '../../storage/answers.js'
import { FOLDER_LINK_PREFIX } from '../../storage/folders.js'
import { requestOrigin } from '../../plugins/security.js'
import type { App } from '../../types.js'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A folder link's path, signature and expiry first: `<expires>/<signature>/<key>`. */
const FOLDER_PATH = /^(\d{1,12})\/([A-Za-z0-9_-]{1,100})\/(.+)$/

/** Direct uploads to, and downloads from, the embedded file storage (STORAGE_DRIVER=local). */
export default async function fileRoutes(app: App) {
  // The upload form is streamed by the handler, so the parser leaves the body alone (and the
  // general body limit, meant for JSON, does not apply: the signed policy carries the limit).
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined))
  await folderRoutes(app)

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
      refuseCodeLoad(request)
      const key = (request.params as { '*': string })['*']
      if (!isValidKey(key)) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
      if (!storage.verifyRead(key, request.query.expires, request.query.signature)) {
        throw new HttpError(403, 'This link has expired or is not valid', 'BAD_SIGNATURE')
      }
      const type = await storage.contentTypeOf(key)
      const file = '/' + key.split('/').map(encodeURIComponent).join('/')
      const result = await send(request.raw, file, {
        root: storage.objects,
        dotfiles: 'allow',
        index: false,
        cacheControl: false,
        contentType: false,
        acceptRanges: true,
      })
      if (result.type !== 'file') {
        result.stream?.destroy()
        const status = result.statusCode
        if (status === 404 || result.type === 'directory') throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
        // 304 Not Modified, 412 and 416 come with send's own (empty or short) body.
        return reply
          .status(status as 200)
          .headers(result.headers)
          .send(null)
      }
      const seconds = Math.max(0, Math.min(Number(request.query.expires) - Math.floor(Date.now() / 1000), 6 * 3600))
      reply
        .status(result.statusCode as 200 | 206)
        .headers(result.headers)
        .header('cache-control', `private, max-age=${seconds}`)
      answerAs(reply, fileAnswer({ key, contentType: type, frameAncestors: frameAncestors(app) }))
      return reply.send(result.stream)
    },
  )
}

/**
 * Files of a folder link (a simulation package) for either driver: the signature in the path covers
 * the folder, so the page's relative addresses (`js/app.js`, `../img/x.png` within the package) are
 * signed too. Served from the storage's `head`/`read`, with the file route's protections: nothing
 * sniffed, HTML/SVG/XML only in a sandbox (an opaque origin, never ours).
 */
async function folderRoutes(app: App) {
  app.get(
    '/files/p/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A file inside a folder read link the API handed out (a simulation package): /files/p/<expires>/<signature>/<folder>/<file>',
        security: [],
        params: FolderReadParams,
        response: { 200: Type.Unknown({ description: 'The file' }), 206: Type.Unknown({ description: 'Part of the file' }), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      // The package's page runs in an opaque origin: its loads from here are cross-origin to it
      // (module scripts, fetch, fonts need CORS; refusals too, so the page sees a 404 as a 404).
      // No cookie is involved: the signature in the path is the access.
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin')
      // Keys only use letters, digits, dot, dash and underscore: a legitimate link is never
      // percent-encoded, so an encoded slash, backslash or dot is refused before decoding matters.
      const rawPath = (request.raw.url ?? '').split('?')[0]!
      const match = FOLDER_PATH.exec(request.params['*'])
      if (rawPath.includes('%') || !match) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
      const [, expires, signature, key] = match as unknown as [string, string, string, string]
      if (!isValidKey(key)) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
      const folders = (app.storage as typeof app.storage & FolderLinks).folders
      const prefix = folders ? folders.coveringPrefix(key, expires, signature) : null
      if (prefix === null) throw new HttpError(403, 'This link has expired or is not valid', 'BAD_SIGNATURE')
      refuseCodeLoad(request)
      const head = await app.storage.head(key)
      if (!head) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
      const type = head.contentType
      const range = parseRange(request.headers.range, head.size)
      const seconds = Math.max(0, Math.min(Number(expires) - Math.floor(Date.now() / 1000), 6 * 3600))
      reply.header('cache-control', `private, max-age=${seconds}`).header('accept-ranges', 'bytes')
      // The package's own files, as a CSP source: the folder link up to the signed folder.
      const origin = app.config.FILES_ORIGIN ?? requestOrigin(request)
      const packageSource = origin ? `${origin}${FOLDER_LINK_PREFIX}${expires}/${signature}/${prefix}` : null
      answerAs(reply, fileAnswer({ key, contentType: type, packageSource, frameAncestors: frameAncestors(app) }))
      if (range === 'unsatisfiable') {
        return reply
          .status(416 as 200)
          .header('content-range', `bytes */${head.size}`)
          .send(null)
      }
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${head.size}`)
          .header('content-length', String(range.end - range.start + 1))
      } else reply.status(200).header('content-length', String(head.size))
      if (head.size === 0) return reply.send(Buffer.alloc(0))
      let stream: NodeJS.ReadableStream
      try {
        stream = await app.storage.read(key, range ?? undefined)
      } catch (error) {
        // Deleted since the head (a package replaced meanwhile): a missing file, not a failure.
        if ((await app.storage.head(key)) === null) throw new HttpError(404, 'Resource not found', 'NOT_FOUND')
        throw error
      }
      return reply.send(stream)
    },
  )
}

/** Who may frame a simulation: our own pages (on the app's origin when files have their own). */
function frameAncestors(app: App): string {
  return app.config.FILES_ORIGIN && app.config.PUBLIC_URL ? app.config.PUBLIC_URL : "'self'"
}

/** The headers of what a file is answered as (see storage/answers.ts). */
function answerAs(reply: FastifyReply, answer: FileAnswer) {
  reply.header('content-type', answer.contentType).header('content-security-policy', answer.policy).header('x-content-type-options', 'nosniff')
  if (answer.disposition) reply.header('content-disposition', answer.disposition)
  // A simulation is framed by the app's pages: its CSP's frame-ancestors says by whom.
  if (answer.simulation) reply.removeHeader('x-frame-options')
}

/** A page of our own origin loading a file as code (a script, worker or style sheet) is refused. */
function refuseCodeLoad(request: FastifyRequest) {
  if (isSameOriginCodeLoad(request.headers)) throw new HttpError(403, 'A file is never code of this site', 'NOT_CODE')
}

/** One `bytes=` range (the only kind media players ask for); several ranges are answered whole. */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

/**
 * Reads the multipart form as S3 does: the fields before the file describe the upload, the first
 * part named `file` is the file, anything after it is ignored. The policy is checked before a byte
 * of the file is written; the file streams to disk and is refused (413) past its limit.
 */
function receiveForm(
  storage: LocalStorage,
  raw: NodeJS.ReadableStream & { complete?: boolean; on(e: 'close', l: () => void): unknown },
  headers: { 'content-type': string },
): Promise<void> {
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
