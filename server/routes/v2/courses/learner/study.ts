import type { CourseSnapshot } from '../../../../../contracts/courses/content.js'
import { errorResponses } from '../../../../../contracts/errors.js'
import {
  PlayerBlockParams,
  PlayerCourseParams,
  PlayerIndexResponse,
  PlayerPageResponse,
  PositionBody,
  ProgressAnswer,
  ProgressCourseParams,
  SubscriptionRefused,
} from '../../../../../contracts/learner/player.js'
import { printedNames } from '../../../../certificates/index.js'
import { resourceUrls } from '../../../../courses/content/resources.js'
import { currentProgress, doneBlocks, type Studying } from '../../../../courses/progress/completion.js'
import { resumeBlock } from '../../../../courses/progress/queries.js'
import { allBlocks, blockTitle } from '../../../../courses/progress/rules.js'
import { openBlock, reachPosition } from '../../../../courses/progress/steps.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { App, Principal } from '../../../../types.js'
import { principalOf, studying } from './access.js'
import { BASE, tags } from './base.js'
import { learnerValues } from './views.js'

/**
 * The player: the course index and its blocks, and the steps that make progress (an opened block, a
 * video's position). An active subscription is required (403 with the reason otherwise).
 */
export async function studyRoutes(app: App) {
  const names = printedNames(app)
  /** The caller as a learner whose steps may complete the course. */
  const studyingAs = (request: { principal: Principal | null }): Studying => {
    const principal = principalOf(request.principal)
    return { sub: principal.sub, name: names(principal), records: app.xapi }
  }

  const playerErrors = { ...errorResponses(400, 401, 404), 403: SubscriptionRefused }
  app.get(
    `${BASE}/course/index/:id`,
    {
      schema: {
        tags,
        summary: 'The sections and blocks of the course with what the caller has done, the progress and where to resume',
        params: PlayerCourseParams,
        response: { 200: PlayerIndexResponse, ...playerErrors },
      },
    },
    async (request) => {
      const { sub } = principalOf(request.principal)
      const { snap, subscription } = await studying(app.db, sub, request.params.id)
      const course = snap.course.uuid
      const { done, rows } = await doneBlocks(app.db, sub, course)
      const progress = await currentProgress(app.db, studyingAs(request), snap, done)
      const blocks = allBlocks(snap)
      const last = await resumeBlock(app.db, sub, course)
      const resumeAt = blocks.find((b) => b.id === last)
      return {
        Item: {
          course: {
            uuid: course,
            name: snap.course.name,
            version: snap.version,
            organization: snap.course.organization,
            Details: snap.course.organization ? { Organization: snap.course.organization.name } : {},
          },
          sections: [...snap.sections]
            .sort((a, b) => a.position - b.position)
            .map((s) => ({
              id: s.id,
              title: s.title,
              blocks: [...s.blocks]
                .sort((a, b) => a.position - b.position)
                .map((b) => ({ id: b.id, kind: b.kind, title: blockTitle(b), required: b.values.required === true, completed: done.has(b.id) })),
            })),
          progress,
          resume: resumeAt ? { block: resumeAt.id, seconds: resumeAt.kind === 'video' ? Number(rows.get(resumeAt.id)?.position_seconds ?? 0) : 0 } : null,
          subscription: { expiresAt: subscription.expiresAt, remainingDays: subscription.remainingDays },
        },
      }
    },
  )
  app.get(
    `${BASE}/course/page/:course/:block`,
    {
      schema: {
        tags,
        summary: "One block's values to study it (forms without answers) with read URLs of its files",
        params: PlayerBlockParams,
        response: { 200: PlayerPageResponse, ...playerErrors },
      },
    },
    async (request) => {
      const { sub } = principalOf(request.principal)
      const { course, block } = request.params
      const { snap } = await studying(app.db, sub, course)
      const blocks = allBlocks(snap)
      const at = blocks.findIndex((b) => b.id === block)
      if (at < 0) throw new HttpError(404, 'Block not found', 'NOT_FOUND')
      const b = blocks[at]
      const { done, rows } = await doneBlocks(app.db, sub, course)
      const row = rows.get(b.id)
      return {
        Item: {
          course,
          section: b.section,
          block: {
            id: b.id,
            kind: b.kind,
            values: learnerValues(b),
            urls: (await resourceUrls(app.storage, b.values)) ?? {},
            completed: done.has(b.id),
            watchedSeconds: Number(row?.watched_seconds ?? 0),
            positionSeconds: Number(row?.position_seconds ?? 0),
          },
          previous: at > 0 ? blocks[at - 1].id : null,
          next: at < blocks.length - 1 ? blocks[at + 1].id : null,
        },
      }
    },
  )

  /** The block of the snapshot, or 404. */
  const blockOf = (snap: CourseSnapshot, id: string) => {
    const b = allBlocks(snap).find((x) => x.id === id)
    if (!b) throw new HttpError(404, 'Block not found', 'NOT_FOUND')
    return b
  }

  for (const base of [`${BASE}/metrics`, '/v2/metrics']) {
    app.get(
      `${base}/re/:course/:block`,
      {
        schema: {
          tags,
          summary: 'Records that the caller opened a block (done at once for text, image, attachment, link and simulation) and makes it the resume point',
          params: PlayerBlockParams,
          response: { 200: ProgressAnswer, ...playerErrors },
        },
      },
      async (request) => {
        const { sub } = principalOf(request.principal)
        const { course, block } = request.params
        const { snap } = await studying(app.db, sub, course)
        const b = blockOf(snap, block)
        return openBlock(app.db, studyingAs(request), snap, b, app.now())
      },
    )
    app.put(
      `${base}/position`,
      {
        schema: {
          tags,
          summary:
            "Records where the caller is in a video (whole seconds). What was watched advances at most as fast as playing at 2× over the time since the previous report, by the server's clock; the video is done once that reaches its end (within 10 s or 10 % of its length). Seeking ahead moves the resume position only; the length is the server's, never the client's",
          body: PositionBody,
          response: { 200: ProgressAnswer, ...playerErrors },
        },
        // A position is a JSON number: text, true or null would otherwise be coerced into one.
        preValidation: async (request) => {
          const seconds = (request.body as { seconds?: unknown } | undefined)?.seconds
          if (seconds !== undefined && typeof seconds !== 'number') {
            throw new HttpError(400, 'Invalid request', 'VALIDATION', { seconds: 'Must be a number of whole seconds from 0 to 86400' })
          }
        },
      },
      async (request) => {
        const { sub } = principalOf(request.principal)
        const { course, block } = request.body
        const { snap } = await studying(app.db, sub, course)
        const b = blockOf(snap, block)
        if (b.kind !== 'video') throw new HttpError(400, 'Only a video block has a position', 'NOT_A_VIDEO')
        return reachPosition(app.db, studyingAs(request), snap, b, request.body.seconds, app.now())
      },
    )
    app.get(
      `${base}/gcc/:course`,
      {
        schema: {
          tags,
          summary: "The caller's completion of the course: done, total and percent of the blocks that count, and the certificate once issued",
          params: ProgressCourseParams,
          response: { 200: ProgressAnswer.properties.progress, ...playerErrors },
        },
      },
      async (request) => {
        const { sub } = principalOf(request.principal)
        const { course } = request.params
        const { snap } = await studying(app.db, sub, course)
        return currentProgress(app.db, studyingAs(request), snap)
      },
    )
  }
}
