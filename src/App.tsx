import { Admin, CustomRoutes, Resource } from 'react-admin'
import { BrowserRouter, Route } from 'react-router-dom'
import {
  CompleteRegisterPage,
  ForgotPasswordPage,
  LoginPage,
  LogoutPage,
  Protected,
  RegisterConfirmationPage,
  RegisterPage,
  RootRedirect,
  RouteFallback,
  SettingsPage,
  TermsPage,
  VisitorOnly,
} from './account/routes'
import { authProvider } from './authProvider'
import { dataProvider } from './dataProvider'
import { i18nProvider } from './i18n'
import { AulaLayout } from './layout/AulaLayout'
import { DocumentTitle } from './layout/DocumentTitle'
import { darkTheme, lightTheme } from './layout/theme/theme'
import { Dashboard } from './learner/dashboard/Dashboard'
import { adminResources } from './resources'

/** Every screen of Aula is declared here. */
export function App() {
  return (
    <BrowserRouter>
      <DocumentTitle />
      <Admin
        title="Aula"
        dataProvider={dataProvider}
        authProvider={authProvider}
        loginPage={false}
        i18nProvider={i18nProvider}
        dashboard={RootRedirect}
        catchAll={RouteFallback}
        layout={AulaLayout}
        theme={lightTheme}
        darkTheme={darkTheme}
        disableTelemetry
        requireAuth={false}
      >
        {/* Spec §2 route classes. Always available, bare layout: */}
        <CustomRoutes noLayout>
          <Route path="/logout" element={<LogoutPage />} />
          <Route path="/global-logout" element={<LogoutPage global />} />
          <Route path="/terms-of-use-and-privacy" element={<TermsPage />} />
          {/* Visitors only (a signed-in user goes to /dashboard): */}
          <Route path="/login" element={<VisitorOnly><LoginPage /></VisitorOnly>} />
          <Route path="/register" element={<VisitorOnly><RegisterPage /></VisitorOnly>} />
          <Route path="/register-confirmation" element={<VisitorOnly><RegisterConfirmationPage /></VisitorOnly>} />
          <Route path="/forgot-password" element={<VisitorOnly><ForgotPasswordPage /></VisitorOnly>} />
          <Route path="/complete-register" element={<VisitorOnly><CompleteRegisterPage /></VisitorOnly>} />
        </CustomRoutes>
        {/* Protected (a visitor goes to /login); group-gated paths without a screen yet fall to RouteFallback. */}
        <CustomRoutes>
          <Route path="/dashboard" element={<Protected><Dashboard /></Protected>} />
          <Route path="/settings" element={<Protected><SettingsPage /></Protected>} />
          <Route path="/settings/:pane" element={<Protected><SettingsPage /></Protected>} />
        </CustomRoutes>
        {/* Administration (admin group), each screen loaded on first use. */}
        {adminResources.map((resource) => <Resource key={resource.name} {...resource} />)}
      </Admin>
    </BrowserRouter>
  )
}
