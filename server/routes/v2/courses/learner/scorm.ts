import { errorResponses } from '../../../../../contracts/errors.js'
import { SubscriptionRefused } from '../../../../../contracts/learner/player.js'
import {
  MAX_CMI_BYTES,
  ScormBlockParams,
  ScormCommitAnswer,
  ScormCommitBody,
  ScormLaunchBody,
  ScormLaunchResponse,
  ScormStateResponse,
} from '../../../../../contracts/learner/scorm.js'
import { printedNames } from '../../../../certificates/index.js'
import { poolName } from '../../../../certificates/queries.js'
import { allBlocks } from '../../../../courses/progress/rules.js'
import { commitSco, launchSco, scormState } from '../../../../courses/scorm/study.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { App } from '../../../../types.js'
import { principalOf, studying } from './access.js'
import { BASE, tags } from './base.js'

/**
 * SCORM blocks in the player (contracts/learner/scorm.ts): the learner's state in each SCO, launching
 * one, and the package's commits. An active subscription is required, like every player route.
 */
export async function scormRoutes(app: App) {
  const names = printedNames(app)
  const playerErrors = { ...errorResponses(400, 401, 404), 403: SubscriptionRefused }

  /** The caller, the published course they study and its SCORM block (404 for another block). */
  async function studyingBlock(request: { principal: Parameters<typeof principalOf>[0]; params: { course: string; block: string } }) {
    const principal = principalOf(request.principal)
    const { snap } = await studying(app.db, principal.sub, request.params.course)
    const block = allBlocks(snap).find((b) => b.id === request.params.block)
    if (!block) throw new HttpError(404, 'Block not found', 'NOT_FOUND')
    return { principal, snap, block, who: { sub: principal.sub, name: names(principal), records: app.xapi } }
  }

  app.get(
    `${BASE}/course/scorm/:course/:block`,
    {
      schema: {
        tags,
        summary: "A SCORM block's package and the caller's state in each of its SCOs",
        params: ScormBlockParams,
        response: { 200: ScormStateResponse, ...playerErrors },
      },
    },
    async (request) => {
      const { principal, snap, block } = await studyingBlock(request)
      return { Item: await scormState(app.db, principal.sub, snap, block) }
    },
  )

  app.post(
    `${BASE}/course/scorm/:course/:block/launch`,
    {
      schema: {
        tags,
        summary:
          "Launches a SCO: the caller's latest attempt resumed in a new session (earlier sessions may no longer commit), or a new attempt once the latest is over; answers the data to start from and the SCO's page",
        params: ScormBlockParams,
        body: ScormLaunchBody,
        response: { 200: ScormLaunchResponse, ...playerErrors },
      },
    },
    async (request) => {
      const { principal, snap, block, who } = await studyingBlock(request)
      const learnerName = (await who.name()) || (await poolName(app.db, principal.sub)) || principal.email || principal.username
      return { Item: await launchSco(app.db, app.storage, { ...who, learnerName }, snap, block, request.body.sco, app.now()) }
    },
  )

  app.put(
    `${BASE}/course/scorm/:course/:block/commit`,
    {
      bodyLimit: MAX_CMI_BYTES + 16 * 1024,
      schema: {
        tags,
        summary:
          "Stores what a launched SCO committed (its run-time data) and completes the block once every SCO is done by the block's rule. A commit numbered no higher than the last one taken changes nothing; a commit of a session replaced by a later launch is refused (409)",
        params: ScormBlockParams,
        body: ScormCommitBody,
        response: { 200: ScormCommitAnswer, ...playerErrors, ...errorResponses(409, 413) },
      },
    },
    async (request) => {
      const { snap, block, who } = await studyingBlock(request)
      return commitSco(app.db, who, snap, block, request.body, app.now())
    },
  )
}
