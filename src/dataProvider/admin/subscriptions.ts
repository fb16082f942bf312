import type {
  AdminSubscription,
  AdminSubscriptionResponse,
  RevokeByCourseBody,
  RevokedSubscriptions,
  SubscriptionsListBody,
} from '../../../contracts/admin/subscriptions'
import { httpClient } from '../http'
import { ADMIN_RESOURCES, enc, forget, json, post, type AdminResource } from './common'

/** Subscriptions (requirements §7 "Subscriptions"): the list, one subscription, revoking and lifting a block. */
export const subscriptionResources: Record<string, AdminResource> = {
  [ADMIN_RESOURCES.subscriptions]: {
    kind: 'token',
    list: ({ search, token, perPage }) =>
      post('/api/admin/subscriptions/all', { sizePerPage: Math.min(perPage, 100), searchText: search, paginationToken: token } satisfies SubscriptionsListBody),
    // A subscription is known by its id and its course's id, as its detail route says.
    id: (row) => `${row.id as string}/${row.courseId as string}`,
    one: (id) => {
      const [subscriptionId, courseId] = String(id).split('/')
      return `/api/admin/subscriptions/subscription/${enc(subscriptionId)}/${enc(courseId ?? '')}`
    },
  },
}

export const subscriptionVerbs = {
  async revokeSubscription(username: string, course: string): Promise<RevokedSubscriptions> {
    forget(ADMIN_RESOURCES.subscriptions)
    const body: RevokeByCourseBody = { username, course }
    return (await httpClient<RevokedSubscriptions>('/api/admin/courses/course/subscriptors/revoke', { method: 'PUT', body: json(body) })).json
  },
  /** Lets the learner of a revoked subscription subscribe to its course by themselves again. */
  async liftSubscriptionBlock(subscriptionId: string, courseId: string): Promise<AdminSubscription> {
    forget(ADMIN_RESOURCES.subscriptions)
    const url = `/api/admin/subscriptions/subscription/${enc(subscriptionId)}/${enc(courseId)}/lift-block`
    return (await httpClient<AdminSubscriptionResponse>(url, { method: 'PUT' })).json.Item
  },
}
