import {
  AvatarCreateBody,
  AvatarNodesResponse,
  AvatarPhotoAsk,
  AvatarRequestResponse,
  AvatarRequestsPage,
  AvatarRequestsQuery,
  type AvatarRequest,
} from '../../../contracts/experimental/avatars.js'
import { errorResponses } from '../../../contracts/errors.js'
import { UploadParamsReply } from '../../../contracts/storage/upload.js'
import { isOwnPhoto, photoKey } from '../../avatars/paths.js'
import { countRequests, insertRequest, listNodes, listRequests, type AvatarRequestRow } from '../../avatars/queries.js'
import { createRenderer } from '../../avatars/renderer.js'
import { loadSharp } from '../../avatars/embedded.js'
import { AvatarWorker, LOST_AFTER_HEARTBEATS } from '../../avatars/worker.js'
import { MIME_TYPE } from '../../storage/index.js'
import { normalizeContentType, TOO_MUCH_DATA, UPLOAD_KINDS } from '../../storage/kinds.js'
import { HttpError } from '../../http/http-error.js'
import type { App, Principal } from '../../types.js'
import { iso, isoOrNull } from '../../http/dates.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../http/paging.js'

const tags = ['experimental: AI avatars']
const PHOTO = UPLOAD_KINDS['avatar-photo']
const isRequestKey = (v: unknown[]): v is [string, string] =>
  v.length === 2 && typeof v[0] === 'string' && TIMESTAMP_RE.test(v[0]) && typeof v[1] === 'string' && UUID_RE.test(v[1])

const isAdmin = (p: Principal) => p.groups.includes('admin')

/**
 * AI avatar requests (requirements §7 "Metrics and experimental"): the photo is uploaded straight to storage
 * (`ai-avatar-photo-par`, then the presigned POST), then `ai-avatar-create-request` queues the
 * request; the worker started here renders it (server/avatars). Administrators see every request,
 * everybody else only their own.
 */
export default async function experimentalRoutes(app: App) {
  const renderer = await createRenderer(app.config)
  const worker =
    app.config.AVATAR_WORKERS > 0
      ? new AvatarWorker(app.db, app.storage, renderer, app.log.child({ module: 'avatars' }), { concurrency: app.config.AVATAR_WORKERS })
      : null
  if (worker) {
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => worker.stop())
  }
  const staleSeconds = (worker?.heartbeatSeconds ?? 10) * LOST_AFTER_HEARTBEATS

  async function toRequest(row: AvatarRequestRow): Promise<AvatarRequest> {
    const url = (path: string | null) => (path ? app.storage.readUrl(path) : Promise.resolve(null))
    const [photoUrl, resultUrl, posterUrl] = await Promise.all([app.storage.readUrl(row.photo_path), url(row.result_path), url(row.poster_path)])
    return {
      id: row.id,
      owner: { username: row.owner_username, email: row.owner_email },
      text: row.text,
      style: row.style as AvatarRequest['style'],
      voice: row.voice as AvatarRequest['voice'],
      status: row.status,
      photoUrl,
      resultKind: row.result_kind,
      resultUrl,
      resultType: row.result_type,
      posterUrl,
      renderer: row.renderer,
      error: row.error,
      nodeId: row.status === 'processing' ? row.node_id : null,
      attempt: row.attempt,
      createdAt: iso(row.created_at),
      startedAt: isoOrNull(row.started_at),
      finishedAt: isoOrNull(row.finished_at),
    }
  }

  app.post(
    '/ai-avatar-photo-par',
    {
      schema: {
        tags,
        summary:
          "Upload parameters for an avatar request's photo (PNG, JPEG or WebP, at most 10 MB): POST the fields and the file to the url, then send the path with ai-avatar-create-request",
        body: AvatarPhotoAsk,
        response: { 200: UploadParamsReply, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { size, fileName } = request.body
      if (size > PHOTO.maxBytes) throw new HttpError(413, TOO_MUCH_DATA.message, TOO_MUCH_DATA.code)
      const contentType = normalizeContentType(request.body.contentType)
      if (!MIME_TYPE.test(contentType) || !(PHOTO.contentTypes as readonly string[]).includes(contentType)) {
        throw new HttpError(400, 'The photo must be a PNG, JPEG or WebP image', 'UNSUPPORTED_TYPE', {
          contentType: 'The photo must be a PNG, JPEG or WebP image',
        })
      }
      const key = photoKey(request.principal!.sub, fileName)
      const { url, fields } = await app.storage.presignPost({ key, contentTypes: [...PHOTO.contentTypes], contentType, maxBytes: size })
      return { url, fields, path: key }
    },
  )

  app.post(
    '/ai-avatar-create-request',
    {
      schema: {
        tags,
        summary: 'Queues an AI avatar request: the uploaded photo, the text the avatar says and a style',
        body: AvatarCreateBody,
        response: { 202: AvatarRequestResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const principal = request.principal!
      const { photo, style, voice } = request.body
      const text = request.body.text.trim()
      const notUploaded = () => new HttpError(400, 'Upload the photo first', 'NOT_UPLOADED', { photo: 'Upload the photo first' })
      if (!isOwnPhoto(photo, principal.sub)) throw notUploaded()
      const head = await app.storage.head(photo)
      if (!head) throw notUploaded()
      if (!(PHOTO.contentTypes as readonly string[]).includes(head.contentType) || head.size > PHOTO.maxBytes || !(await isImage(app, photo))) {
        throw new HttpError(400, 'The photo is not a readable PNG, JPEG or WebP image', 'UNSUPPORTED_TYPE', {
          photo: 'The photo is not a readable PNG, JPEG or WebP image',
        })
      }
      const row = await insertRequest(app.db, {
        ownerSub: principal.sub,
        ownerUsername: principal.username,
        ownerEmail: principal.email,
        photoPath: photo,
        text,
        style,
        voice,
      })
      request.log.info({ avatarRequest: row.id }, 'avatar request queued')
      worker?.kick()
      return reply.status(202).send({ Item: await toRequest(row) })
    },
  )

  app.get(
    '/ai-avatar-list-requests',
    {
      schema: {
        tags,
        summary: 'AI avatar requests, newest first, with their status and result: your own, or everybody’s for an administrator',
        querystring: AvatarRequestsQuery,
        response: { 200: AvatarRequestsPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const principal = request.principal!
      const owner = isAdmin(principal) ? null : principal.sub
      const { sizePerPage, paginationToken } = request.query
      const after = paginationToken ? decodeToken(paginationToken, isRequestKey) : null
      const [rows, estimated] = await Promise.all([listRequests(app.db, owner, sizePerPage + 1, after), countRequests(app.db, owner)])
      const page = rows.slice(0, sizePerPage)
      const last = page[page.length - 1]
      return {
        items: await Promise.all(page.map(toRequest)),
        paginationToken: rows.length > sizePerPage && last ? encodeToken([last.created_key, last.id]) : null,
        estimated,
      }
    },
  )

  app.get(
    '/ai-avatar-list-nodes',
    {
      schema: {
        tags,
        summary: 'The worker nodes rendering avatar requests: heartbeat, current requests, capacity and state',
        response: { 200: AvatarNodesResponse, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await listNodes(app.db, staleSeconds)
      return {
        items: rows.map((n) => ({
          id: n.id,
          host: n.host,
          renderer: n.renderer,
          capacity: n.capacity,
          state: n.stopped_at ? ('stopped' as const) : n.fresh ? ('running' as const) : ('lost' as const),
          heartbeatAt: iso(n.heartbeat_at),
          startedAt: iso(n.started_at),
          currentJobs: textArray(n.current_jobs),
        })),
      }
    },
  )
}

/** Whether the stored file decodes as an image (its header says a size). */
async function isImage(app: App, path: string): Promise<boolean> {
  try {
    const chunks: Buffer[] = []
    for await (const chunk of await app.storage.read(path)) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    const sharp = await loadSharp()
    const meta = await sharp(Buffer.concat(chunks)).metadata()
    return Boolean(meta.width && meta.height) && ['png', 'jpeg', 'webp'].includes(meta.format ?? '')
  } catch {
    return false
  }
}

/** PGlite answers text[] as an array, node-postgres sometimes as its literal. */
function textArray(v: string[] | string | null): string[] {
  if (!v) return []
  if (Array.isArray(v)) return v
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
}
