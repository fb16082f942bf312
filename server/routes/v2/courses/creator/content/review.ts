import { courseErrorResponses } from '../../../../../../contracts/courses/common.js'
import {
  BlockResponse,
  CourseItemParams,
  CourseParams,
  ReviewCourseResponse,
  ReviewIndexResponse,
  ReviewPageParams,
  type BlockKind,
} from '../../../../../../contracts/courses/content.js'
import { liveItems, type ItemRow } from '../../../../../courses/content/queries.js'
import { reviewHeading } from '../../../../../courses/model/queries.js'
import type { App } from '../../../../../types.js'
import { actorOf } from '../../../../../http/actor.js'
import { requireCourse } from '../access.js'
import { LEGACY, tags, V2 } from './base.js'
import { itemNotFound, liveBlock, seesAnswers } from './rules.js'
import { contentViews } from './views.js'

/** Review: reviewers, the owner and collaborators read the course block by block. */
export async function reviewRoutes(app: App) {
  const { block, tree } = contentViews(app.storage)
  app.get(
    `${V2}/builder/review/course/:id`,
    {
      schema: {
        tags,
        summary: 'The course for review: sections and blocks in order',
        params: CourseParams,
        response: { 200: ReviewCourseResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      const role = await requireCourse(app.db, actorOf(request), id, 'read')
      const c = await reviewHeading(app.db, id)
      return {
        Item: {
          uuid: id,
          name: c.name,
          revision: Number(c.revision),
          publishedVersion: c.published_version,
          role,
          items: await tree(app.db, id, seesAnswers(role)),
        },
      }
    },
  )

  app.get(
    `${V2}/review/course/block/:course/:item`,
    {
      schema: {
        tags,
        summary: 'One block for review',
        params: CourseItemParams,
        response: { 200: BlockResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course, item } = request.params
      const role = await requireCourse(app.db, actorOf(request), course, 'read')
      return { Item: await block(await liveBlock(app.db, course, item), seesAnswers(role)) }
    },
  )

  app.get(
    `${LEGACY}/review/index/:id`,
    {
      schema: {
        tags,
        summary: 'Legacy: the course outline (sections and block titles)',
        params: CourseParams,
        response: { 200: ReviewIndexResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireCourse(app.db, actorOf(request), id, 'read')
      const rows = await liveItems(app.db, id)
      const title = (r: ItemRow) => String(r.values.title ?? r.values.name ?? '')
      return {
        items: rows
          .filter((r) => r.kind === 'section')
          .map((s) => ({
            id: s.id,
            title: title(s),
            position: s.position,
            blocks: rows.filter((b) => b.section_id === s.id).map((b) => ({ id: b.id, kind: b.kind as BlockKind, title: title(b), position: b.position })),
          })),
      }
    },
  )

  app.get(
    `${LEGACY}/review/page/:course/:section/:block`,
    {
      schema: {
        tags,
        summary: 'Legacy: one block of a section, for review',
        params: ReviewPageParams,
        response: { 200: BlockResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course, section: sectionId, block: blockId } = request.params
      const role = await requireCourse(app.db, actorOf(request), course, 'read')
      const row = await liveBlock(app.db, course, blockId)
      if (row.section_id !== sectionId) throw itemNotFound()
      return { Item: await block(row, seesAnswers(role)) }
    },
  )
}
