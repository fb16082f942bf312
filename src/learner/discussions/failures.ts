import { ApiError } from '../../dataProvider/http'

/** What an answer of the discussion API means for the screen. */
export type DiscussionFailure = 'refused' | 'missing' | 'stale' | 'locked' | 'failed'

export function failureOf(error: unknown): DiscussionFailure {
  if (!(error instanceof ApiError)) return 'failed'
  const code = (error.body as { code?: unknown } | undefined)?.code
  if (error.status === 403) return 'refused'
  if (error.status === 404 || error.status === 400) return 'missing'
  if (error.status === 409) return code === 'THREAD_LOCKED' ? 'locked' : 'stale'
  return 'failed'
}

/** The text of a failed write (the writer's text stays where it was). */
export const writeFailureKey = (error: unknown) => {
  const failure = failureOf(error)
  return failure === 'stale' ? 'discussions.errors.stale' : failure === 'locked' ? 'discussions.errors.locked' : 'discussions.errors.send'
}
