import { LinearProgress } from '@mui/material'
import type { ReactNode } from 'react'
import { useAuthState } from 'react-admin'
import { Navigate, useLocation } from 'react-router-dom'

/**
 * Requirements §2 "protected": a visitor goes to /login (the identity check may refresh the session first),
 * which after sign-in comes back to the page first asked for.
 */
export function Protected({ children }: { children: ReactNode }) {
  const { isPending, authenticated } = useAuthState(undefined, false)
  const location = useLocation()
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (!authenticated) return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />
  return children
}
