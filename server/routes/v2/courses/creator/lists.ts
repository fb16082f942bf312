import { randomUUID } from 'node:crypto'
import { courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  FaqResponse,
  FaqUpdateBody,
  INVALID_DURATION_MESSAGE,
  PLAN_NAME_TAKEN_MESSAGE,
  PlansResponse,
  SubscriptionUpdateBody,
  TagsResponse,
  TagsUpdateBody,
  type FaqItem,
} from '../../../../../contracts/courses/creator.js'
import { replacePlans } from '../../../../courses/model/lists.js'
import { listPlans, setFaq, setTags } from '../../../../courses/model/queries.js'
import { bumpRevision } from '../../../../courses/revisions.js'
import { fieldErrors } from '../../../../plugins/errors.js'
import type { App } from '../../../../types.js'
import { actorOf } from '../../../../http/actor.js'
import { courseWrite, requireCourse } from './access.js'
import { checkPlan, distinct, invalid } from './rules.js'
import { toPlan } from './views.js'

/**
 * The course's lists: FAQ, tags and subscription plans, each replaced whole. Served on the v2 paths;
 * the legacy builder writes reach them through `POST /api/courses/creator/builder/:action`.
 */
export async function listRoutes(app: App, { base, tags }: { base: string; tags: string[] }) {
  app.post(
    `${base}/builder/faq-update`,
    { schema: { tags, summary: 'Replaces the FAQ', body: FaqUpdateBody, response: { 200: FaqResponse, ...courseErrorResponses(400, 401, 403, 404, 409) } } },
    async (request) => {
      const { uuid, revision, items } = request.body
      const errors: Record<string, string> = {}
      const ids = new Set<string>()
      const faq: FaqItem[] = items.map((item, i) => {
        const question = item.question.trim()
        const answer = item.answer.trim()
        if (!question) errors[`items.${i}.question`] = 'Required'
        if (!answer) errors[`items.${i}.answer`] = 'Required'
        const id = item.id && !ids.has(item.id) ? item.id : randomUUID()
        ids.add(id)
        return { id, question, answer }
      })
      if (Object.keys(errors).length) throw invalid(errors)
      const principal = actorOf(request)
      return courseWrite(app.db, principal, uuid, 'edit', revision, async (tx, next) => {
        await setFaq(tx, uuid, faq)
        return { revision: next, items: faq }
      })
    },
  )

  app.post(
    `${base}/builder/tags-update`,
    {
      schema: {
        tags,
        summary: 'Replaces the tags (duplicates ignoring case are dropped)',
        body: TagsUpdateBody,
        response: { 200: TagsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { uuid, revision } = request.body
      const items = distinct(request.body.items)
      const principal = actorOf(request)
      return courseWrite(app.db, principal, uuid, 'edit', revision, async (tx, next) => {
        await setTags(tx, uuid, items)
        return { revision: next, items }
      })
    },
  )

  app.post(
    `${base}/builder/subscription-update`,
    {
      schema: {
        tags,
        summary: "Replaces the subscription plans; a removed plan that learners hold is archived. An invalid duration answers 'Invalid duration time'",
        body: SubscriptionUpdateBody,
        response: { 200: PlansResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
      // Validation errors are answered by the handler, so every bad duration gets the requirements' message.
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        const errors = fieldErrors((request.validationError as unknown as { validation: Parameters<typeof fieldErrors>[0] }).validation)
        for (const key of Object.keys(errors)) if (/^items\.\d+\.durationDays$/.test(key)) errors[key] = INVALID_DURATION_MESSAGE
        throw invalid(errors)
      }
      const { uuid, revision, items } = request.body
      const errors: Record<string, string> = {}
      const values = items.map((p, i) => checkPlan(p, i, errors))
      const names = new Set<string>()
      values.forEach((v, i) => {
        const key = v.name.toLowerCase()
        if (names.has(key)) errors[`items.${i}.name`] = PLAN_NAME_TAKEN_MESSAGE
        names.add(key)
      })
      if (Object.keys(errors).length) throw invalid(errors)
      const principal = actorOf(request)
      return app.db.transaction(async (tx) => {
        await requireCourse(tx, principal, uuid, 'edit')
        const current = await listPlans(tx, uuid)
        const byId = new Map(current.map((p) => [p.id, p]))
        const unknown: Record<string, string> = {}
        items.forEach((p, i) => {
          if (p.id && !byId.has(p.id)) unknown[`items.${i}.id`] = 'This plan is not in the course (reload it)'
        })
        if (Object.keys(unknown).length) throw invalid(unknown)
        const next = await bumpRevision(tx, uuid, revision)
        await replacePlans(
          tx,
          uuid,
          current,
          items.map((p, i) => ({ id: p.id, values: values[i] })),
        )
        return { revision: next, items: (await listPlans(tx, uuid)).map(toPlan) }
      })
    },
  )
}
