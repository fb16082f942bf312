import type { App, Principal } from '../types.js'

/** The name a certificate prints for a learner, looked up only when a certificate is being issued. */
export type PrintedName = () => Promise<string | undefined>

/**
 * Where certificates get learners' names. The embedded pool is read inside the issuing transaction
 * (`issueIfComplete` does that itself), so this answers undefined; with Cognito the user is looked up
 * by username: its name, else its e-mail.
 */
export function printedNames(app: App): (principal: Principal) => PrintedName {
  if (app.config.IDENTITY_MODE === 'embedded') return () => async () => undefined
  const pool = app.identityUsers
  return (principal) => async () => {
    const user = await pool.getUser(principal.username).catch(() => null)
    return user?.name || user?.email || undefined
  }
}
