import { useState, type ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { hasLiveSession } from '../../authProvider'

/**
 * Requirements §2 "visitors only": a signed-in user is sent to /dashboard. Decided once, from the stored
 * session (requirements §4), when the screen opens: a screen that signs someone in still shows its own
 * success notice before it moves on.
 */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const [signedIn] = useState(hasLiveSession)
  return signedIn ? <Navigate to="/dashboard" replace /> : children
}
