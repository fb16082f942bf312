import { randomUUID } from 'node:crypto'
import { courseErrorResponses } from '../../../../../../contracts/courses/common.js'
import {
  BlockAddBody,
  BlockDeleteBody,
  BlockMoveBody,
  BlockOrderBody,
  BlockRestoreBody,
  BlockUpdateBody,
  ContentTree,
  CourseItemParams,
  CourseParams,
  HistoryResponse,
  ItemWriteResponse,
  RESOURCE_KINDS,
  ResourceParBody,
  SectionResponse,
  TreeWriteResponse,
  UploadParamsResponse,
  type ResourceBlockKind,
} from '../../../../../../contracts/courses/content.js'
import { addItem, moveBlock, orderItems, removeItem } from '../../../../../courses/content/items.js'
import { courseRevision, itemById, liveItem, liveItems, saveValues, version, versions } from '../../../../../courses/content/queries.js'
import { registerResources, resourceUrls } from '../../../../../courses/content/resources.js'
import { cleanValues, withoutAnswers } from '../../../../../courses/content/values.js'
import { iso } from '../../../../../http/dates.js'
import { namesOf } from '../../../../../http/people.js'
import { bumpRevision } from '../../../../../courses/revisions.js'
import { packageWorkDir } from '../../../../../packages/unpack.js'
import { HttpError } from '../../../../../plugins/errors.js'
import { uploadParams } from '../../../../../storage/kinds.js'
import type { App } from '../../../../../types.js'
import { actorOf } from '../../../../../http/actor.js'
import { courseWrite, requireCourse } from '../access.js'
import { tags, V2 } from './base.js'
import { bankRoutes } from './banks.js'
import { publishRoutes } from './publish.js'
import { reviewRoutes } from './review.js'
import { invalid, itemNotFound, liveBlock, liveSection, seesAnswers } from './rules.js'
import { contentViews } from './views.js'

/**
 * Course content (requirements §7 "Course creator": blocks, review, publish). Every write goes through
 * `bumpRevision` in the transaction that makes the change, so a stale revision changes nothing; every
 * reordering leaves the siblings at positions 0..n-1.
 */
export default async function contentRoutes(app: App) {
  const { section, tree, written } = contentViews(app.storage)

  app.get(
    `${V2}/builder/blocks/:id`,
    {
      schema: {
        tags,
        summary: 'The course content: sections in order, each with its blocks in order',
        params: CourseParams,
        response: { 200: ContentTree, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const role = await requireCourse(app.db, actorOf(request), request.params.id, 'read')
      return { items: await tree(app.db, request.params.id, seesAnswers(role)) }
    },
  )

  app.post(
    `${V2}/blocks/add`,
    {
      schema: {
        tags,
        summary: 'Adds a section, or a block to a section (appended unless a position is given); a client id makes a replayed add harmless',
        body: BlockAddBody,
        response: { 200: ItemWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const b = request.body
      await requireCourse(app.db, principal, b.uuid, 'edit')
      if (b.item === 'section' && b.section) throw invalid('section', 'A section cannot be placed inside another section')
      if (b.item !== 'section' && !b.section) throw invalid('section', 'Required')
      if (b.id) {
        // A replay of an add that already went through answers what it made, whatever revision it carries.
        // Ids are the course's own: one of another course is as free here as one never used.
        const existing = await itemById(app.db, b.uuid, b.id)
        if (existing) {
          // Same kind and still there: the add went through (the block may have been moved since, by later writes).
          if (existing.deleted_at !== null || existing.kind !== b.item) {
            throw new HttpError(409, 'This id is taken by another item', 'ID_TAKEN')
          }
          return { revision: await courseRevision(app.db, b.uuid), item: await written(app.db, b.uuid, b.id) }
        }
      }
      const values = await registerResources(app.storage, b.uuid, b.item, cleanValues(b.item, b.values), null, packageWorkDir(app.config.dataDir))
      const id = b.id ?? randomUUID()
      return app.db.transaction(async (tx) => {
        const revision = await bumpRevision(tx, b.uuid, b.revision)
        const parent = b.section ? (await liveSection(tx, b.uuid, b.section)).id : null
        await addItem(tx, { id, course: b.uuid, section: parent, kind: b.item, values }, b.position, principal)
        return { revision, item: await written(tx, b.uuid, id) }
      })
    },
  )

  app.put(
    `${V2}/blocks`,
    {
      schema: {
        tags,
        summary: 'Saves new values for a section or block: a new version, kept in its history (text HTML sanitised)',
        body: BlockUpdateBody,
        response: { 200: ItemWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const b = request.body
      await requireCourse(app.db, principal, b.uuid, 'edit')
      const row = await liveItem(app.db, b.uuid, b.item)
      if (!row) throw itemNotFound()
      const values = await registerResources(app.storage, b.uuid, row.kind, cleanValues(row.kind, b.values), row.values, packageWorkDir(app.config.dataDir))
      return app.db.transaction(async (tx) => {
        const revision = await bumpRevision(tx, b.uuid, b.revision)
        const current = await liveItem(tx, b.uuid, b.item)
        if (!current) throw itemNotFound()
        await saveValues(tx, current, values, principal)
        return { revision, item: await written(tx, b.uuid, b.item) }
      })
    },
  )

  app.post(
    `${V2}/blocks/delete`,
    {
      schema: {
        tags,
        summary: 'Deletes a block, or a section with its blocks (their history is kept); the siblings close up',
        body: BlockDeleteBody,
        response: { 200: TreeWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const b = request.body
      return courseWrite(app.db, actorOf(request), b.uuid, 'edit', b.revision, async (tx, revision) => {
        const row = await liveItem(tx, b.uuid, b.id)
        if (!row) throw itemNotFound()
        await removeItem(tx, row)
        return { revision, items: await tree(tx, b.uuid, true) }
      })
    },
  )

  app.post(
    `${V2}/blocks/order`,
    {
      schema: {
        tags,
        summary: 'Reorders the blocks of a section (or, without a section, the sections)',
        body: BlockOrderBody,
        response: { 200: TreeWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const b = request.body
      return courseWrite(app.db, actorOf(request), b.uuid, 'edit', b.revision, async (tx, revision) => {
        const parent = b.section ? (await liveSection(tx, b.uuid, b.section)).id : null
        if (!(await orderItems(tx, b.uuid, parent, b.updates))) {
          throw invalid('updates', parent ? 'List each block of this section at most once' : 'List each section at most once')
        }
        return { revision, items: await tree(tx, b.uuid, true) }
      })
    },
  )

  app.put(
    `${V2}/blocks/move/section`,
    {
      schema: {
        tags,
        summary: 'Moves a block to a section (of the same course) at a position, last by default',
        body: BlockMoveBody,
        response: { 200: TreeWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const b = request.body
      return courseWrite(app.db, actorOf(request), b.uuid, 'edit', b.revision, async (tx, revision) => {
        const moving = await liveBlock(tx, b.uuid, b.block)
        const target = await liveSection(tx, b.uuid, b.section)
        await moveBlock(tx, moving, target.id, b.position)
        return { revision, items: await tree(tx, b.uuid, true) }
      })
    },
  )

  app.get(
    `${V2}/blocks/section/:course/:item`,
    {
      schema: {
        tags,
        summary: 'One section with its blocks',
        params: CourseItemParams,
        response: { 200: SectionResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course, item } = request.params
      const role = await requireCourse(app.db, actorOf(request), course, 'read')
      const row = await liveSection(app.db, course, item)
      const children = (await liveItems(app.db, course)).filter((b) => b.section_id === row.id)
      return { Item: await section(row, children, seesAnswers(role)) }
    },
  )

  app.post(
    `${V2}/blocks/resource-par`,
    {
      schema: {
        tags,
        summary: "Upload parameters for a block's file (image, attachment, video, simulation); 413 past the kind's limit",
        body: ResourceParBody,
        response: { 200: UploadParamsResponse, ...courseErrorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const b = request.body
      await requireCourse(app.db, actorOf(request), b.uuid, 'edit')
      let kind: string | undefined = b.kind
      if (b.block) {
        // A block still waiting in the editor's queue does not exist yet: its kind, when given, stands in.
        const row = await liveItem(app.db, b.uuid, b.block)
        if (row && row.kind === 'section') throw invalid('block', 'This kind of block holds no file')
        if (row) kind = row.kind
        else if (!b.kind) throw itemNotFound()
      }
      if (!kind) throw invalid('block', 'Give the block, or the kind of block before it exists')
      if (!(kind in RESOURCE_KINDS)) throw invalid('block', 'This kind of block holds no file')
      return uploadParams(app, {
        kind: RESOURCE_KINDS[kind as ResourceBlockKind],
        courseUuid: b.uuid,
        size: b.size,
        contentType: b.contentType,
        fileName: b.fileName,
      })
    },
  )

  app.get(
    `${V2}/blocks/history/:course/:item`,
    {
      schema: {
        tags,
        summary: 'Every saved version of a section or block, newest first (also of a deleted one)',
        params: CourseItemParams,
        response: { 200: HistoryResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course, item } = request.params
      const role = await requireCourse(app.db, actorOf(request), course, 'read')
      const row = await itemById(app.db, course, item)
      if (!row) throw itemNotFound()
      const rows = await versions(app.db, course, item)
      // Other editors are named as people, not by their account (looked up in the identity pool).
      const names = await namesOf(
        app.identityUsers,
        rows.map((v) => v.saved_by),
      )
      return {
        items: await Promise.all(
          rows.map(async (v) => {
            const urls = await resourceUrls(app.storage, v.values)
            return {
              version: v.version,
              kind: v.kind,
              values: seesAnswers(role) ? v.values : withoutAnswers(v.kind, v.values),
              savedBy: v.saved_by_name,
              savedByName: (v.saved_by && names.get(v.saved_by)) || null,
              savedAt: iso(v.saved_at),
              current: v.version === row.version,
              ...(urls ? { urls } : {}),
            }
          }),
        ),
      }
    },
  )

  app.post(
    `${V2}/blocks/restore`,
    {
      schema: {
        tags,
        summary: 'Saves the values of an earlier version again, as a new current version (the history keeps every version)',
        body: BlockRestoreBody,
        response: { 200: ItemWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const b = request.body
      return courseWrite(app.db, principal, b.uuid, 'edit', b.revision, async (tx, revision) => {
        const row = await liveItem(tx, b.uuid, b.block)
        if (!row) throw itemNotFound()
        const old = await version(tx, b.uuid, row.id, b.version)
        if (!old) throw new HttpError(404, 'Version not found', 'NOT_FOUND')
        await saveValues(tx, row, old.values, principal)
        return { revision, item: await written(tx, b.uuid, row.id) }
      })
    },
  )

  await reviewRoutes(app)
  await publishRoutes(app)
  bankRoutes(app)
}
