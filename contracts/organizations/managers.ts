import Type, { type Static } from 'typebox'
import { AdminSubscription } from '../admin/subscriptions.js'
import { DateTime, ItemResponse, NullableDateTime, PaginationToken, TokenPage, Uuid } from '../admin/common.js'

/**
 * Organisation managers (decision 0038): the members of the pool group named exactly as an
 * organisation's domain see the organisation's people, their subscriptions, progress and certificates,
 * and subscribe them to courses within the seats an administrator granted. Served under
 * `/api/v2/organizations/{host}/...`; the seats are set at `/api/v2/admin/organizations/seats/{id}`.
 */

/** `{host}`: an organisation's domain as the catalogue stores it (lower case). */
export const OrganizationHost = Type.String({ minLength: 3, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' })
export const HostParams = Type.Object({ host: OrganizationHost })
export type HostParams = Static<typeof HostParams>

/** The organisation as its managers see it. */
export const ManagedOrganization = Type.Object({ id: Uuid, name: Type.String(), domain: Type.String(), logoUrl: Type.Union([Type.String(), Type.Null()]) })
export type ManagedOrganization = Static<typeof ManagedOrganization>
export const ManagedOrganizationResponse = ItemResponse(ManagedOrganization)

/** One of the organisation's people: a pool user whose e-mail domain is the organisation's. */
export const OrganizationPerson = Type.Object({ username: Type.String(), email: Type.String(), name: Type.String() })
export type OrganizationPerson = Static<typeof OrganizationPerson>

/** `GET .../people`: a part of the name or e-mail (case and accents ignored), token-paged by e-mail. */
export const PeopleQuery = Type.Object({
  search: Type.String({ maxLength: 100, default: '' }),
  sizePerPage: Type.Integer({ minimum: 1, maximum: 60, default: 20 }),
  paginationToken: PaginationToken,
})
export type PeopleQuery = Static<typeof PeopleQuery>
export const PeoplePage = TokenPage(OrganizationPerson)
export type PeoplePage = Static<typeof PeoplePage>

export const PersonParams = Type.Object({ host: OrganizationHost, username: Type.String({ minLength: 1, maxLength: 254 }) })
export type PersonParams = Static<typeof PersonParams>

/** A person's subscription with their progress in its course and its certificate, as the manager reads it. */
export const PersonCourse = Type.Object({
  ...AdminSubscription.properties,
  /** Whole percent of the counted blocks done in the published course (0 when unpublished). */
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  completedAt: NullableDateTime,
  certificate: Type.Union([Type.Object({ code: Type.String(), issuedAt: DateTime, revokedAt: NullableDateTime }), Type.Null()]),
  /** Whether a manager of this organisation added it (it then takes one of the organisation's seats). */
  byOrganization: Type.Boolean(),
})
export type PersonCourse = Static<typeof PersonCourse>

export const PersonDetail = Type.Object({ person: OrganizationPerson, courses: Type.Array(PersonCourse) })
export type PersonDetail = Static<typeof PersonDetail>
export const PersonDetailResponse = ItemResponse(PersonDetail)

/** A course the organisation has seats on, its plans, and how many seats are taken. */
export const SeatCourse = Type.Object({
  courseId: Uuid,
  courseName: Type.String(),
  seats: Type.Integer({ minimum: 0 }),
  used: Type.Integer({ minimum: 0 }),
  left: Type.Integer({ minimum: 0 }),
  revision: Type.Integer({ minimum: 1 }),
  plans: Type.Array(Type.Object({ id: Uuid, name: Type.String(), durationDays: Type.Integer({ minimum: 1 }) })),
})
export type SeatCourse = Static<typeof SeatCourse>
export const SeatsList = Type.Object({ items: Type.Array(SeatCourse) })
export type SeatsList = Static<typeof SeatsList>

/** `POST .../subscriptions`: subscribes one of the organisation's people; takes a seat (none left: 409). */
export const OrganizationSubscribeBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 254 }), course: Uuid, plan: Uuid })
export type OrganizationSubscribeBody = Static<typeof OrganizationSubscribeBody>
export const OrganizationSubscriptionResponse = ItemResponse(AdminSubscription)

/** `PUT /api/v2/admin/organizations/seats/{id}`: the seats of one course (0 takes the course off; `revision` of the row read, absent for a new one). */
export const SetSeatsBody = Type.Object({
  course: Uuid,
  seats: Type.Integer({ minimum: 0, maximum: 1000000 }),
  revision: Type.Optional(Type.Integer({ minimum: 1 })),
})
export type SetSeatsBody = Static<typeof SetSeatsBody>
