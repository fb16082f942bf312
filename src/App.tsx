import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { CustomRoutes } from 'react-admin'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { i18nProvider } from './i18n'
import { DocumentTitle } from './layout/DocumentTitle'

/**
 * Every screen of Aula is declared here, and every area is its own chunk, downloaded when one of its
 * routes opens: a visitor of /login gets the public account screens and nothing of the shell.
 *
 * An area's chunk is one module under `src/app/` that exports the area's screens; all screens of an
 * area come from one `import()` of it, so the area stays one chunk however many screens it has. To add
 * an area (admin resources, the builder, insights …): write `src/app/<area>Area.ts`, add a loader
 * below and take its screens with `screen(loader, 'Name')`. Admin resources pass such screens as
 * `list`/`edit`/`create` of a `<Resource>` inside `<AulaAdmin>`.
 */
const publicArea = () => import('./app/publicArea')
const termsArea = () => import('./app/termsArea')
const shellArea = () => import('./app/shellArea')
const learnerArea = () => import('./app/learnerArea')
const accountArea = () => import('./app/accountArea')

/**
 * Starts downloading the chunks of the screen the browser opens on, before the app renders (while the
 * stored language's catalogue loads): otherwise each chunk would wait for the one that leads to it.
 */
export function preloadScreen(pathname: string) {
  if (pathname === '/terms-of-use-and-privacy') void termsArea()
  void (PUBLIC_PATHS.has(pathname) ? publicArea() : shellArea())
}
/** Every area's chunk at once (tests, which open any screen without waiting for downloads). */
export const preloadAreas = () => Promise.all([publicArea(), termsArea(), shellArea(), learnerArea(), accountArea()])

const PUBLIC_PATHS = new Set(['/logout', '/global-logout', '/terms-of-use-and-privacy', '/login', '/register', '/register-confirmation', '/forgot-password', '/complete-register'])

/** One component of an area's chunk, loaded with the area. */
function screen<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen keeps its own props type (M[K])
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as unknown as M[K]
}

// The public account screens (bare layout, react-admin's context without its interface).
const PublicContext = screen(publicArea, 'PublicContext')
const LoginPage = screen(publicArea, 'LoginPage')
const RegisterPage = screen(publicArea, 'RegisterPage')
const RegisterConfirmationPage = screen(publicArea, 'RegisterConfirmationPage')
const ForgotPasswordPage = screen(publicArea, 'ForgotPasswordPage')
const CompleteRegisterPage = screen(publicArea, 'CompleteRegisterPage')
const TermsPage = screen(termsArea, 'TermsPage')
const LogoutPage = screen(publicArea, 'LogoutPage')
const VisitorOnly = screen(publicArea, 'VisitorOnly')
// The shell: react-admin with Aula's layout.
const AulaAdmin = screen(shellArea, 'AulaAdmin')
const Protected = screen(shellArea, 'Protected')
// The areas inside the shell.
const Dashboard = screen(learnerArea, 'Dashboard')
const SettingsPage = screen(accountArea, 'SettingsPage')

/**
 * What shows while an area's chunk downloads: an indeterminate bar at the top of the page, named for
 * assistive technology (its look is in index.html, so it needs no chunk of its own).
 */
export function AreaLoading() {
  return <div className="aula-area-loading" role="progressbar" aria-label={i18nProvider.translate('ra.page.loading')} />
}

/** A boundary per screen, so a screen whose area is still on its way leaves the shell around it in place. */
function Area({ children }: { children: ReactNode }) {
  return <Suspense fallback={<AreaLoading />}>{children}</Suspense>
}

export function App() {
  return (
    <BrowserRouter>
      <DocumentTitle />
      <Suspense fallback={<AreaLoading />}>
        <Routes>
          {/* Spec §2 route classes (the public ones are PUBLIC_PATHS above). Always available, bare layout: */}
          <Route element={<PublicContext />}>
            <Route path="/logout" element={<LogoutPage />} />
            <Route path="/global-logout" element={<LogoutPage global />} />
            <Route path="/terms-of-use-and-privacy" element={<TermsPage />} />
            {/* Visitors only (a signed-in user goes to /dashboard): */}
            <Route path="/login" element={<VisitorOnly><LoginPage /></VisitorOnly>} />
            <Route path="/register" element={<VisitorOnly><RegisterPage /></VisitorOnly>} />
            <Route path="/register-confirmation" element={<VisitorOnly><RegisterConfirmationPage /></VisitorOnly>} />
            <Route path="/forgot-password" element={<VisitorOnly><ForgotPasswordPage /></VisitorOnly>} />
            <Route path="/complete-register" element={<VisitorOnly><CompleteRegisterPage /></VisitorOnly>} />
          </Route>
          {/* Everything else is in the shell. Protected (a visitor goes to /login); group-gated paths without a screen yet fall to RouteFallback. */}
          <Route
            path="*"
            element={
              <AulaAdmin>
                <CustomRoutes>
                  <Route path="/dashboard" element={<Area><Protected><Dashboard /></Protected></Area>} />
                  <Route path="/settings" element={<Area><Protected><SettingsPage /></Protected></Area>} />
                  <Route path="/settings/:pane" element={<Area><Protected><SettingsPage /></Protected></Area>} />
                </CustomRoutes>
              </AulaAdmin>
            }
          />
        </Routes>
      </Suspense>
    </BrowserRouter>
  )
}
