import { useState, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { hasLiveSession } from '../../authProvider'
import { intentIn, intentPath, subscribeIntent } from '../subscribeIntent'
import { signedInHome } from './landing'

/**
 * Requirements §2 "visitors only": a signed-in user is sent to their landing page (the dashboard; finance staff: /admin/finances). Decided once, from the stored
 * session (requirements §4), when the screen opens: a screen that signs someone in still shows its own
 * success notice before it moves on.
 *
 * An address carrying a course to subscribe to (the public site's Subscribe: `?subscribe=…&plan=…`)
 * sends a signed-in user to that course's subscribe screen instead, and is kept for a visitor until
 * their first sign-in (`subscribeIntent`).
 */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation()
  const [target] = useState(() => {
    const intent = intentIn(search)
    if (hasLiveSession()) return intent ? intentPath(intent) : signedInHome()
    if (intent) subscribeIntent.set(intent)
    return null
  })
  return target ? <Navigate to={target} replace /> : children
}
