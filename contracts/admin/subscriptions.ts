import Type, { type Static } from 'typebox'
import { CourseDetails } from '../subscriptions.js'
import { DateTime, ItemResponse, NullableDateTime, PaginationToken, TokenPage, Uuid } from './common.js'

/**
 * A subscription as the admin lists show it (requirements §2 "Subscriptions Management", §3 "Admin
 * subscription row"): plain ids instead of '#'-joined keys; status, expiration and remaining days
 * derived by `subscriptionState` (contracts/subscriptions.ts).
 */
export const AdminSubscription = Type.Object({
  id: Uuid,
  courseId: Uuid,
  courseName: Type.String(),
  /** The learner's username (sub). */
  username: Type.String(),
  /** The learner's e-mail and name, so a row is readable beside its ids; null when the account no longer exists. */
  learnerEmail: Type.Union([Type.String(), Type.Null()]),
  learnerName: Type.Union([Type.String(), Type.Null()]),
  planName: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  createdAt: DateTime,
  /** Last change: the revocation time, else the creation time. */
  updatedAt: DateTime,
  revokedAt: NullableDateTime,
  /**
   * A revoked subscription blocks the learner from subscribing to the course by themselves until an
   * administrator lifts the block (lift-block, or subscribing the learner directly): true while it does.
   */
  blocksSelfSubscription: Type.Boolean(),
  /** When the block was lifted; null while it holds or for a subscription never revoked. */
  blockLiftedAt: NullableDateTime,
  status: Type.Enum(['active', 'expired', 'revoked']),
  expiresAt: DateTime,
  remainingDays: Type.Integer({ minimum: 0 }),
})
export type AdminSubscription = Static<typeof AdminSubscription>

/**
 * `POST /api/admin/subscriptions/all`: newest first, keyset-paged. The search text (requirements §7
 * `searchText`) is a subscription, course or learner id (exact), or a part of the learner's name or
 * e-mail or of the course name, matched ignoring case and accents ("jose" finds "José").
 */
export const SubscriptionsListBody = Type.Object({
  sizePerPage: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  searchText: Type.String({ maxLength: 100, default: '' }),
  paginationToken: PaginationToken,
})
export type SubscriptionsListBody = Static<typeof SubscriptionsListBody>

export const AdminSubscriptionsPage = TokenPage(AdminSubscription)
export type AdminSubscriptionsPage = Static<typeof AdminSubscriptionsPage>

/** `GET /api/admin/subscriptions/subscription/{subscriptionId}/{courseId}`. */
export const SubscriptionParams = Type.Object({ subscriptionId: Uuid, courseId: Uuid })
export type SubscriptionParams = Static<typeof SubscriptionParams>

/** The learner of a subscription; null when the account no longer exists in the pool. */
export const SubscriptionLearner = Type.Object({
  username: Type.String(),
  email: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
})

export const SubscriptionDetail = Type.Object({
  ...AdminSubscription.properties,
  learner: Type.Union([SubscriptionLearner, Type.Null()]),
  course: Type.Object({ uuid: Uuid, name: Type.String(), details: CourseDetails }),
})
export type SubscriptionDetail = Static<typeof SubscriptionDetail>

export const SubscriptionDetailResponse = ItemResponse(SubscriptionDetail)
export type SubscriptionDetailResponse = Static<typeof SubscriptionDetailResponse>

/**
 * `PUT /api/admin/courses/course/subscriptors/revoke` (requirements §7): revokes the learner's live
 * subscriptions to the course. `username` may also be the e-mail. 404 when none is live.
 */
export const RevokeByCourseBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  course: Uuid,
})
export type RevokeByCourseBody = Static<typeof RevokeByCourseBody>

/** The subscriptions a revoke changed. */
export const RevokedSubscriptions = Type.Object({ items: Type.Array(AdminSubscription) })
export type RevokedSubscriptions = Static<typeof RevokedSubscriptions>

/**
 * `POST /api/admin/courses/course/subscriptors/add` (requirements §7 `{uuid, revision, subscription, user}`):
 * subscribes a learner to a course with one of the course's plans. Answers 201 with the subscription.
 */
export const AddSubscriptorBody = Type.Object({
  /** The course. */
  uuid: Uuid,
  /** The course revision the screen showed; accepted for the requirements' payload (courses have no revision yet). */
  revision: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The subscription plan id (one of the course's plans). */
  subscription: Uuid,
  /** The learner: username (sub) or e-mail. */
  user: Type.String({ minLength: 1, maxLength: 254 }),
})
export type AddSubscriptorBody = Static<typeof AddSubscriptorBody>

export const AdminSubscriptionResponse = ItemResponse(AdminSubscription)
export type AdminSubscriptionResponse = Static<typeof AdminSubscriptionResponse>
