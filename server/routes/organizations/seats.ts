import Type from 'typebox'
import { UuidParams } from '../../../contracts/admin/common.js'
import { SetSeatsBody } from '../../../contracts/organizations/managers.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { notFound, stale } from '../../http/errors.js'
import { recordAudit } from '../admin-audit/queries.js'
import { findCourse } from '../admin-subscriptions/queries.js'
import { allSeatsOf, organizationById, writeSeats, type SeatRow } from './queries.js'

const tags = ['admin: organizations']

const AdminSeat = Type.Object({
  courseId: Type.String({ format: 'uuid' }),
  courseName: Type.String(),
  seats: Type.Integer({ minimum: 0 }),
  used: Type.Integer({ minimum: 0 }),
  revision: Type.Integer({ minimum: 1 }),
})
const AdminSeats = Type.Object({ items: Type.Array(AdminSeat) })

const view = (s: SeatRow) => ({ courseId: s.course_uuid, courseName: s.course_name, seats: s.seats, used: s.used, revision: s.revision })

/** The seats an administrator grants an organisation per course, at `/api/v2/admin/organizations/seats/{id}` (decision 0038). */
export default async function organizationSeatRoutes(app: App) {
  app.get(
    '/seats/:id',
    {
      schema: {
        tags,
        summary: "An organisation's seats per course and the seats taken",
        params: UuidParams,
        response: { 200: AdminSeats, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await organizationById(app.db, request.params.id))) throw notFound('Organization not found')
      return { items: (await allSeatsOf(app.db, request.params.id)).map(view) }
    },
  )

  app.put(
    '/seats/:id',
    {
      schema: {
        tags,
        summary: 'Sets the seats of one course (give the revision read to change a course already listed; stale: 409)',
        params: UuidParams,
        body: SetSeatsBody,
        response: { 200: AdminSeats, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params
      const { course, seats, revision } = request.body
      if (!(await organizationById(app.db, id))) throw notFound('Organization not found')
      if (!(await findCourse(app.db, course))) throw notFound('Course not found')
      const actor = actorOf(request)
      const items = await app.db.transaction(async (tx) => {
        const before = (await allSeatsOf(tx, id)).find((s) => s.course_uuid === course) ?? null
        if (!(await writeSeats(tx, id, course, seats, revision, actor.username))) throw stale()
        const all = await allSeatsOf(tx, id)
        const after = all.find((s) => s.course_uuid === course)!
        await recordAudit(tx, actor, {
          action: 'catalogues.update',
          targetType: 'organization',
          targetId: id,
          before: before ? { seats: { [course]: before.seats } } : null,
          after: { seats: { [course]: after.seats } },
        })
        return all.map(view)
      })
      return { items }
    },
  )
}
