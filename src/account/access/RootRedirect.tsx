import { Navigate } from 'react-router-dom'
import { signedInHome } from './landing'

/** `/` (protected) leads to the user's landing page (the dashboard; finance staff: the finance overview). */
export function RootRedirect() {
  return <Navigate to={signedInHome()} replace />
}
