import { courseErrorResponses } from '../../../../../../contracts/courses/common.js'
import {
  CourseParams,
  PublishBody,
  PublishRefused,
  PublishResponse,
  ValidationResponse,
  type ValidationItem,
} from '../../../../../../contracts/courses/content.js'
import { checklist, loadCourseState, publishCourse } from '../../../../../courses/content/publish.js'
import type { App } from '../../../../../types.js'
import { actorOf } from '../../../../../http/actor.js'
import { requireCourse } from '../access.js'
import { LEGACY, tags, V2 } from './base.js'
import { itemNotFound } from './rules.js'

/** The publication checklist and publishing (the checklist and the snapshot are the course domain's). */
export async function publishRoutes(app: App) {
  app.get(
    `${V2}/publish/validate/:id`,
    {
      schema: {
        tags,
        summary: 'The publication checklist: every item must pass',
        params: CourseParams,
        response: { 200: ValidationResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireCourse(app.db, actorOf(request), id, 'read')
      const state = await loadCourseState(app.db, id)
      if (!state) throw itemNotFound()
      const items = checklist(state)
      return { ok: items.every((i) => i.ok), items }
    },
  )

  const publishSchema = {
    tags,
    body: PublishBody,
    response: { 200: PublishResponse, ...courseErrorResponses(400, 401, 403, 404), 409: PublishRefused },
  }
  /** Publishes what is saved, or answers the failing checklist items. */
  async function publish(principal: ReturnType<typeof actorOf>, uuid: string) {
    await requireCourse(app.db, principal, uuid, 'publish')
    const publication = await app.db.transaction((tx) => publishCourse(tx, uuid, principal))
    if (!publication) throw itemNotFound()
    return publication
  }
  const notReady = (items: ValidationItem[]) => ({ message: 'The course is not ready to publish: complete the checklist first', code: 'NOT_READY', items })

  app.post(
    `${V2}/publish/all`,
    { schema: { ...publishSchema, summary: 'Publishes the saved course as a new immutable version (409 with the failing checklist items)' } },
    async (request, reply) => {
      const result = await publish(actorOf(request), request.body.uuid)
      return result.failing ? reply.status(409).send(notReady(result.failing)) : result.published
    },
  )
  app.put(`${LEGACY}/publish`, { schema: { ...publishSchema, summary: 'Legacy: publishes the course (as publish/all)' } }, async (request, reply) => {
    const result = await publish(actorOf(request), request.body.uuid)
    return result.failing ? reply.status(409).send(notReady(result.failing)) : result.published
  })
}
