import { Readable } from 'node:stream'
import {
  HostParams,
  ManagedOrganizationResponse,
  OrganizationSubscribeBody,
  OrganizationSubscriptionResponse,
  PeoplePage,
  PeopleQuery,
  PersonDetailResponse,
  PersonParams,
  SeatsList,
} from '../../../contracts/organizations/managers.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { Db } from '../../db/index.js'
import type { IdentityAdmin } from '../../identity/admin-client.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { csvLine } from '../../http/csv.js'
import { notFound } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import { addSubscriptionFor } from '../admin-subscriptions/add.js'
import { findPlan } from '../admin-subscriptions/queries.js'
import { lockLearnerCourse } from '../v2/courses/learner/queries.js'
import { managesHost, requireManaged } from './access.js'
import { coursesOf, peoplePage, personOf } from './people.js'
import { lockSeats, plansOf, recordOrganizationSubscription, seatsOf, type OrganizationRow } from './queries.js'

const tags = ['organisation managers']

/** The report's columns (people × courses). */
const REPORT_HEADER = ['email', 'name', 'course', 'subscription', 'progress_percent', 'completed_at', 'certificate_code']

/**
 * The CSV report, produced a page of people at a time: a line per person and course among the
 * organisation's seat courses and the person's own subscriptions (the latest subscription of each);
 * a person with neither gets one line with the course cells empty.
 */
async function* reportLines(db: Db, pool: IdentityAdmin, org: OrganizationRow): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(REPORT_HEADER)}`
  const seatCourses = await seatsOf(db, org.id)
  let paginationToken = ''
  do {
    const page = await peoplePage(db, pool, org.domain, { search: '', sizePerPage: 60, paginationToken })
    for (const person of page.items) {
      const courses = await coursesOf(db, org, person.username)
      const latest = new Map<string, (typeof courses)[number]>()
      for (const c of courses) if (!latest.has(c.courseId)) latest.set(c.courseId, c)
      const names = new Map<string, string>(seatCourses.map((s) => [s.course_uuid, s.course_name]))
      for (const c of courses) names.set(c.courseId, c.courseName)
      if (names.size === 0) yield csvLine([person.email, person.name, '', '', '', '', ''])
      for (const [id, name] of names) {
        const c = latest.get(id)
        yield csvLine([
          person.email,
          person.name,
          name,
          c ? c.status : 'none',
          c ? String(c.percent) : '',
          c?.completedAt ?? '',
          c?.certificate && !c.certificate.revokedAt ? c.certificate.code : '',
        ])
      }
    }
    paginationToken = page.paginationToken ?? ''
  } while (paginationToken)
}

/** Organisation managers at `/api/v2/organizations/{host}` (decision 0038). */
export default async function organizationManagerRoutes(app: App) {
  const pool = app.identityUsers
  // The group part of the policy for these routes: before the body is read or validated, as the policy plugin answers 403 for role groups.
  app.addHook('preParsing', async (request, reply) => {
    const { host } = request.params as { host?: string }
    if (typeof host === 'string' && !managesHost(request, host)) return reply.status(403).send({ message: 'Permission denied', code: 'FORBIDDEN' })
  })

  app.get(
    '/:host',
    {
      schema: {
        tags,
        summary: 'The organisation its managers look after',
        params: HostParams,
        response: { 200: ManagedOrganizationResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const org = await requireManaged(app.db, request, request.params.host)
      const logoUrl = org.logo_path ? await app.storage.readUrl(org.logo_path).catch(() => null) : null
      return { Item: { id: org.id, name: org.name, domain: org.domain, logoUrl } }
    },
  )

  app.get(
    '/:host/people',
    {
      schema: {
        tags,
        summary: "The organisation's people (e-mail domain equal to its domain), by e-mail, searched by a part of the name or e-mail, token-paged",
        params: HostParams,
        querystring: PeopleQuery,
        response: { 200: PeoplePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const org = await requireManaged(app.db, request, request.params.host)
      return peoplePage(app.db, pool, org.domain, request.query)
    },
  )

  app.get(
    '/:host/people/:username',
    {
      schema: {
        tags,
        summary: "One of the organisation's people with their subscriptions, progress and certificates (404 for anyone else)",
        params: PersonParams,
        response: { 200: PersonDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const org = await requireManaged(app.db, request, request.params.host)
      const person = await personOf(pool, org, request.params.username)
      if (!person) throw notFound('Person not found in this organization')
      return { Item: { person, courses: await coursesOf(app.db, org, person.username) } }
    },
  )

  app.get(
    '/:host/seats',
    {
      schema: {
        tags,
        summary: 'The courses the organisation has seats on, seats taken and left, and their plans',
        params: HostParams,
        response: { 200: SeatsList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const org = await requireManaged(app.db, request, request.params.host)
      const seats = await seatsOf(app.db, org.id)
      const plans = await plansOf(
        app.db,
        seats.map((s) => s.course_uuid),
      )
      return {
        items: seats.map((s) => ({
          courseId: s.course_uuid,
          courseName: s.course_name,
          seats: s.seats,
          used: s.used,
          left: Math.max(0, s.seats - s.used),
          revision: s.revision,
          plans: plans.filter((p) => p.course_uuid === s.course_uuid).map((p) => ({ id: p.id, name: p.name, durationDays: p.duration_days })),
        })),
      }
    },
  )

  app.post(
    '/:host/subscriptions',
    {
      schema: {
        tags,
        summary:
          "Subscribes one of the organisation's people to a course with one of its plans; takes one of the organisation's seats unless the person holds one already (none left: 409)",
        params: HostParams,
        body: OrganizationSubscribeBody,
        response: { 201: OrganizationSubscriptionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const org = await requireManaged(app.db, request, request.params.host)
      const { username, course, plan: planId } = request.body
      const person = await personOf(pool, org, username)
      if (!person) throw notFound('Person not found in this organization')
      const plan = await findPlan(app.db, planId)
      if (!plan || plan.course_uuid !== course)
        throw new HttpError(400, 'Invalid request', 'VALIDATION', { plan: 'This plan is not one of the course’s subscription plans' })
      const actor = actorOf(request)
      const item = await app.db.transaction(async (tx) => {
        // The seats row first, then the learner: every add to this course queues on the row (FOR UPDATE).
        const seats = await lockSeats(tx, org.id, course, person.username)
        if (!seats || seats.seats === 0) throw notFound('Your organization has no seats on this course')
        // Someone who holds a seat keeps it: adding them again renews their access without another seat.
        if (!seats.holds && seats.used >= seats.seats)
          throw new HttpError(409, 'No seats left on this course: every seat your organization has is taken. Ask an administrator for more.', 'NO_SEATS_LEFT')
        await lockLearnerCourse(tx, person.username, course)
        // The organisation pays through its seats: no sale is recorded at the plan's price.
        const s = await addSubscriptionFor(tx, actor, person, plan, false)
        await recordOrganizationSubscription(tx, s.id, org.id, course, actor.username)
        return s
      })
      return reply.status(201).send({ Item: item })
    },
  )

  app.get(
    '/:host/report',
    {
      schema: {
        tags,
        summary: 'CSV report of the people × courses: subscription state, progress %, completion date, certificate code (UTF-8 with BOM, RFC 4180), streamed',
        params: HostParams,
        response: { 200: { type: 'string', description: 'text/csv' }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const org = await requireManaged(app.db, request, request.params.host)
      const stamp = new Date().toISOString().slice(0, 10)
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${org.domain}-report-${stamp}.csv"`)
          // A stream is piped as it is (the schema's string describes the body for the OpenAPI page only).
          .send(Readable.from(reportLines(app.db, pool, org)) as unknown as string)
      )
    },
  )
}
