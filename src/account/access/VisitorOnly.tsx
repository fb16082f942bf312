import { useState, type ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { hasLiveSession } from '../../authProvider'
import { signedInHome } from './landing'

/**
 * Requirements §2 "visitors only": a signed-in user is sent to their landing page (the dashboard; finance staff: /admin/finances). Decided once, from the stored
 * session (requirements §4), when the screen opens: a screen that signs someone in still shows its own
 * success notice before it moves on.
 */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const [signedIn] = useState(hasLiveSession)
  return signedIn ? <Navigate to={signedInHome()} replace /> : children
}
