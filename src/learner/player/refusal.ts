import type { SubscriptionRefusalCode } from '../../../contracts/learner/player'
import { ApiError } from '../../dataProvider/http'

/** The refusal code of a player answer (403 without an active subscription), if it is one. */
export function refusalOf(error: unknown): SubscriptionRefusalCode | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null
  const body = error.body as { code?: unknown } | undefined
  const code = body?.code
  return code === 'NOT_SUBSCRIBED' || code === 'SUBSCRIPTION_EXPIRED' || code === 'SUBSCRIPTION_REVOKED' ? code : null
}
