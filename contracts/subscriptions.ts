import Type, { type Static } from 'typebox'

/** A day in milliseconds; subscription durations are whole days (requirements §4, §9). */
const DAY_MS = 24 * 60 * 60 * 1000

export type SubscriptionStatus = 'active' | 'expired' | 'revoked'

export interface SubscriptionState {
  status: SubscriptionStatus
  /** Creation time plus the duration, as an ISO date-time. */
  expiresAt: string
  /** Whole days left, never below 0 (0 once expired or revoked). */
  remainingDays: number
}

/**
 * Requirements §4: a subscription is active while its creation time plus its duration in days is still in the
 * future, otherwise expired; a revoked one is never active. The server (lists, access checks) and the
 * web app (badges) both call this, so they always agree.
 */
export function subscriptionState(
  createdAt: string | Date,
  durationDays: number,
  revokedAt: string | Date | null = null,
  now: Date = new Date(),
): SubscriptionState {
  const created = new Date(createdAt).getTime()
  const expires = created + durationDays * DAY_MS
  const expiresAt = new Date(expires).toISOString()
  if (revokedAt !== null && new Date(revokedAt).getTime() <= now.getTime()) {
    return { status: 'revoked', expiresAt, remainingDays: 0 }
  }
  const left = expires - now.getTime()
  if (left <= 0) return { status: 'expired', expiresAt, remainingDays: 0 }
  return { status: 'active', expiresAt, remainingDays: Math.floor(left / DAY_MS) }
}

/** The course fields a learner's lists show (requirements §3 "Course card"). */
export const CourseDetails = Type.Object({
  Cover: Type.Optional(Type.String()),
  ShortDescription: Type.Optional(Type.String()),
  Organization: Type.Optional(Type.String()),
})
export type CourseDetails = Static<typeof CourseDetails>

export const SubscriptionsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, description: 'Page number, starting at 1.' }),
})
export type SubscriptionsQuery = Static<typeof SubscriptionsQuery>

export const UserSubscription = Type.Object({
  id: Type.String({ format: 'uuid' }),
  course: Type.Object({ uuid: Type.String({ format: 'uuid' }), name: Type.String() }),
  plan: Type.Object({ name: Type.String(), durationDays: Type.Integer({ minimum: 1 }) }),
  createdAt: Type.String({ format: 'date-time' }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  status: Type.Enum(['active', 'expired', 'revoked']),
  expiresAt: Type.String({ format: 'date-time' }),
  remainingDays: Type.Integer({ minimum: 0 }),
  /**
   * Whether the subscription was bought (a sale): its receipt is at `GET /api/v2/user/subscriptions/:id/receipt`.
   * Given by the settings' list (`GET /api/v2/user/subscriptions`).
   */
  receipt: Type.Optional(Type.Boolean()),
})
export type UserSubscription = Static<typeof UserSubscription>

/** `GET /api/v2/user/subscriptions?page=N`: one page of the caller's subscriptions, newest first. */
export const UserSubscriptionsPage = Type.Object({
  items: Type.Array(UserSubscription),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
})
export type UserSubscriptionsPage = Static<typeof UserSubscriptionsPage>

export const SUBSCRIPTIONS_PAGE_SIZE = 10

export const UserCoursesQuery = Type.Object({
  paginationToken: Type.String({ maxLength: 200, default: '', description: 'Continuation token from the previous page; empty at first.' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
})
export type UserCoursesQuery = Static<typeof UserCoursesQuery>

export const UserCourse = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  details: CourseDetails,
  /** A read URL of the course's cover (its thumbnail when it has one), or null when it has none in the file store. */
  cover: Type.Union([Type.String(), Type.Null()]),
  subscribedAt: Type.String({ format: 'date-time' }),
  /** Whole percent of the course's counted blocks the caller has done (see the course player's progress rules). */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
})
export type UserCourse = Static<typeof UserCourse>

/** `GET /api/v2/user/courses`: the courses the caller holds an active subscription to (token paging). */
export const UserCoursesPage = Type.Object({
  items: Type.Array(UserCourse),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type UserCoursesPage = Static<typeof UserCoursesPage>
