import { Navigate } from 'react-router-dom'

/** `/` (protected) leads to the dashboard. */
export function RootRedirect() {
  return <Navigate to="/dashboard" replace />
}
