import { courseErrorResponses } from '../../../../../contracts/courses/common.js'
import { MEDIA, MEDIA_BODIES, MediaResponse, UploadParams, UploadParamsBody, type MediaRoute } from '../../../../../contracts/courses/creator.js'
import { HttpError } from '../../../../plugins/errors.js'
import { isIssuedPath, uploadParams } from '../../../../storage/kinds.js'
import { requireMatchingBytes } from '../../../../storage/magic.js'
import type { App } from '../../../../types.js'
import { actorOf } from '../../../../http/actor.js'
import { bumpRevision } from '../../../../courses/revisions.js'
import { requireCourse } from './access.js'
import { setMedia } from '../../../../courses/model/queries.js'
import type { UrlOf } from './views.js'

/**
 * Read URLs of stored files. Paths that are already addresses (courses made before the builder may
 * carry a full URL as their cover) are given as they are.
 */
export function urlReader(app: App): UrlOf {
  return async (path) => {
    if (!path) return null
    if (/^https?:\/\//i.test(path) || path.startsWith('/')) return path
    return app.storage.readUrl(path)
  }
}

/**
 * The course media (cover, thumbnail, presentation video, certificate template): `<media>-par` issues
 * the parameters of a direct upload to storage; `PUT <media>` then registers the path it was given.
 */
export async function mediaRoutes(app: App, o: { base: string; tags: string[] }) {
  const urlOf = urlReader(app)
  for (const [route, media] of Object.entries(MEDIA) as Array<[MediaRoute, (typeof MEDIA)[MediaRoute]]>) {
    app.post(
      `${o.base}/builder/${route}-par`,
      {
        schema: {
          tags: o.tags,
          summary: `Parameters for uploading the ${route.replace('-', ' ')} straight to storage (413 'Too much data' past the limit, 400 for a type it refuses)`,
          body: UploadParamsBody,
          response: { 200: UploadParams, ...courseErrorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request) => {
        const { uuid, size, contentType, fileName } = request.body
        await requireCourse(app.db, actorOf(request), uuid, 'edit')
        return uploadParams(app, { kind: media.kind, courseUuid: uuid, size, contentType, fileName })
      },
    )

    app.put(
      `${o.base}/builder/${route}`,
      {
        schema: {
          tags: o.tags,
          summary: `Registers the uploaded ${route.replace('-', ' ')} (a path issued by ${route}-par for this course, present in storage); null removes it`,
          body: MEDIA_BODIES[route],
          response: { 200: MediaResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { uuid, revision } = request.body
        const path = (request.body as unknown as Record<string, string | null>)[media.field]
        const principal = actorOf(request)
        await requireCourse(app.db, principal, uuid, 'edit')
        if (path !== null) {
          if (!isIssuedPath(path, uuid, media.kind))
            throw new HttpError(400, 'Invalid request', 'VALIDATION', { [media.field]: 'Not a file uploaded for this course: upload it again' })
          const head = await app.storage.head(path)
          if (!head) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [media.field]: 'The file has not arrived in storage: upload it again' })
          await requireMatchingBytes(app.storage, path, head, media.field)
        }
        const next = await app.db.transaction(async (tx) => {
          await requireCourse(tx, principal, uuid, 'edit')
          const n = await bumpRevision(tx, uuid, revision)
          await setMedia(tx, uuid, media.field, path)
          return n
        })
        return { revision: next, path, url: await urlOf(path) }
      },
    )
  }
}
