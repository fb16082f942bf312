import { Admin, CustomRoutes } from 'react-admin'
import { Route } from 'react-router-dom'
import { dataProvider } from './dataProvider'
import { i18nProvider } from './i18n'
import { DocumentTitle } from './layout/DocumentTitle'
import { NotFound } from './layout/NotFound'
import { Dashboard } from './learner/dashboard/Dashboard'

/** Every screen of Aula is declared here. */
export function App() {
  return (
    <Admin
      title="Aula"
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      catchAll={NotFound}
      disableTelemetry
      requireAuth={false}
    >
      <DocumentTitle />
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  )
}
