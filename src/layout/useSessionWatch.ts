import { useEffect } from 'react'
import { verifySession } from '../authProvider/cognito'

/**
 * A tab left open while the session ended elsewhere (signed out on every device, the account disabled)
 * finds out as soon as the user comes back to it: the identity service is asked whether the session
 * still stands, and a refusal takes the user to /logout and /login (see `asSignedIn`).
 */
export function useSessionWatch() {
  useEffect(() => {
    const check = () => {
      // Network trouble says nothing about the session: only the service's refusal ends it.
      if (document.visibilityState === 'visible') verifySession().catch(() => undefined)
    }
    document.addEventListener('visibilitychange', check)
    window.addEventListener('focus', check)
    return () => {
      document.removeEventListener('visibilitychange', check)
      window.removeEventListener('focus', check)
    }
  }, [])
}
