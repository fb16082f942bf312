import { browser } from './browser'

/**
 * A session that ended elsewhere (signed out on every device, revoked, the user disabled) ends here too:
 * /logout wipes what this browser keeps, then /login says why (requirements §8's 401 text). The reason waits in
 * session storage because both steps are full page loads.
 */
const SESSION_ENDED_KEY = 'aula.sessionEnded'

/** Takes the user to /logout and then /login, which will show requirements §8's 401 text. */
export function endSession() {
  sessionStorage.setItem(SESSION_ENDED_KEY, '401')
  browser.assign('/logout')
}

/** Whether the session was ended by the service (read once: a later visit to /login shows nothing). */
export function takeSessionEnded(): boolean {
  const ended = sessionStorage.getItem(SESSION_ENDED_KEY) !== null
  sessionStorage.removeItem(SESSION_ENDED_KEY)
  return ended
}

/** Answers meaning the session this browser holds is over (revoked elsewhere, expired, user disabled or gone). */
export const SESSION_OVER_MESSAGES = [
  'Access Token has been revoked',
  'Refresh Token has been revoked',
  'Access Token has expired',
  'Refresh Token has expired',
  'Invalid Access Token',
  'Invalid Refresh Token',
  'User is disabled.',
  'User does not exist.',
]

/** Whether an identity answer, met while signed in, says the session is over. */
export function isSessionOver(err: unknown): boolean {
  const e = (err ?? {}) as { code?: string; name?: string; message?: string }
  const name = e.code ?? e.name
  return (name === 'NotAuthorizedException' || name === 'UserNotFoundException') && SESSION_OVER_MESSAGES.includes(e.message ?? '')
}
