import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { CustomRoutes } from 'react-admin'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { i18nProvider } from './i18n'
import { DocumentTitle } from './layout/DocumentTitle'
import {
  accountArea,
  builderArea,
  experimentalArea,
  insightsArea,
  learnerArea,
  organizationsArea,
  playerArea,
  publicArea,
  publicContext,
  shellArea,
  termsArea,
  websiteArea,
} from './app/areas'

/**
 * Every screen of Aula is declared here. Each area is its own chunk (see `app/areas.ts`), downloaded
 * when one of its routes opens: a visitor of /login gets the public account screens and nothing of
 * the shell. The administration resources (`src/resources/index.ts`) are `<Resource>`s that
 * `<AulaAdmin>` mounts, each screen a chunk of its own.
 */

/** One component of an area's chunk, loaded with the area. */
function screen<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen keeps its own props type (M[K])
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as unknown as M[K]
}

// The public account screens (bare layout, react-admin's context without its interface).
const PublicContext = screen(publicContext, 'PublicContext')
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
const Catalogue = screen(learnerArea, 'Catalogue')
const CourseOverview = screen(learnerArea, 'CourseOverview')
const CourseProgress = screen(learnerArea, 'CourseProgress')
const CertificateVerification = screen(learnerArea, 'CertificateVerification')
const Player = screen(playerArea, 'Player')
const Discussion = screen(playerArea, 'Discussion')
const DiscussionThread = screen(playerArea, 'DiscussionThread')
const SettingsPage = screen(accountArea, 'SettingsPage')
const NotificationsPage = screen(accountArea, 'NotificationsPage')
const CourseListScreen = screen(builderArea, 'CourseListScreen')
const BuilderScreen = screen(builderArea, 'BuilderScreen')
const ReviewScreen = screen(builderArea, 'ReviewScreen')
const FinancesHome = screen(insightsArea, 'FinancesHome')
const FinanceSales = screen(insightsArea, 'FinanceSales')
const FinanceAnalytics = screen(insightsArea, 'FinanceAnalytics')
const MonitoringScreen = screen(insightsArea, 'MonitoringScreen')
const AnalyticsScreen = screen(insightsArea, 'AnalyticsScreen')
const AiAvatarsScreen = screen(experimentalArea, 'AiAvatarsScreen')
const CarouselScreen = screen(websiteArea, 'CarouselScreen')
const PostsScreen = screen(websiteArea, 'PostsScreen')
const PostEditScreen = screen(websiteArea, 'PostEditScreen')
const SitesScreen = screen(websiteArea, 'SitesScreen')
const FeaturedCoursesScreen = screen(websiteArea, 'FeaturedCoursesScreen')
const SiteCareersScreen = screen(websiteArea, 'SiteCareersScreen')
const SiteAnalyticsScreen = screen(websiteArea, 'SiteAnalyticsScreen')
const OrganizationScreen = screen(organizationsArea, 'OrganizationScreen')

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
          {/* Requirements §2 route classes (the public ones are PUBLIC_PATHS in app/areas.ts). Always available, bare layout: */}
          <Route element={<PublicContext />}>
            <Route path="/logout" element={<LogoutPage />} />
            <Route path="/global-logout" element={<LogoutPage global />} />
            <Route path="/terms-of-use-and-privacy" element={<TermsPage />} />
            {/* Anyone, signed in or not: the address under a certificate's QR code. */}
            <Route path="/certificates/verify/:code" element={<CertificateVerification />} />
            {/* Visitors only (a signed-in user goes to /dashboard): */}
            <Route
              path="/login"
              element={
                <VisitorOnly>
                  <LoginPage />
                </VisitorOnly>
              }
            />
            <Route
              path="/register"
              element={
                <VisitorOnly>
                  <RegisterPage />
                </VisitorOnly>
              }
            />
            <Route
              path="/register-confirmation"
              element={
                <VisitorOnly>
                  <RegisterConfirmationPage />
                </VisitorOnly>
              }
            />
            <Route
              path="/forgot-password"
              element={
                <VisitorOnly>
                  <ForgotPasswordPage />
                </VisitorOnly>
              }
            />
            <Route
              path="/complete-register"
              element={
                <VisitorOnly>
                  <CompleteRegisterPage />
                </VisitorOnly>
              }
            />
          </Route>
          {/* Everything else is in the shell. Protected (a visitor goes to /login); group-gated paths without a screen yet fall to RouteFallback. */}
          <Route
            path="*"
            element={
              // The administration resources (admin group; src/resources/index.ts) are mounted by AulaAdmin
              // itself, so that their declarations travel with the shell's chunk, not the first page's.
              <AulaAdmin>
                {/* The general group's catalogue (no chrome, requirements §2), where the top-bar search leads with ?search=. */}
                <CustomRoutes noLayout>
                  <Route
                    path="/courses"
                    element={
                      <Area>
                        <Protected>
                          <Catalogue />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/galaxy"
                    element={
                      <Area>
                        <Protected>
                          <Catalogue />
                        </Protected>
                      </Area>
                    }
                  />
                  {/* The course player draws its own header (brand, progress, index). One route for both forms, so
                      going on from the course to the block to resume keeps the player (and its loaded index). */}
                  <Route
                    path="/galaxy/courses/player/:uuid/:block?"
                    element={
                      <Area>
                        <Protected>
                          <Player />
                        </Protected>
                      </Area>
                    }
                  />
                </CustomRoutes>
                <CustomRoutes>
                  <Route
                    path="/dashboard"
                    element={
                      <Area>
                        <Protected>
                          <Dashboard />
                        </Protected>
                      </Area>
                    }
                  />
                  {/* A course's discussion (decision 0034): learners and the course's staff. */}
                  <Route
                    path="/galaxy/courses/discussions/:uuid"
                    element={
                      <Area>
                        <Protected>
                          <Discussion />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/galaxy/courses/discussions/:uuid/:thread"
                    element={
                      <Area>
                        <Protected>
                          <DiscussionThread />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/galaxy/courses/overview/:uuid"
                    element={
                      <Area>
                        <Protected>
                          <CourseOverview />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/galaxy/courses/progress/:uuid"
                    element={
                      <Area>
                        <Protected>
                          <CourseProgress />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/settings"
                    element={
                      <Area>
                        <Protected>
                          <SettingsPage />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/account/notifications"
                    element={
                      <Area>
                        <Protected>
                          <NotificationsPage />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/settings/:pane"
                    element={
                      <Area>
                        <Protected>
                          <SettingsPage />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/monitoring"
                    element={
                      <Area>
                        <Protected>
                          <MonitoringScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/monitoring/:page"
                    element={
                      <Area>
                        <Protected>
                          <AnalyticsScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/experimental/ai-avatars"
                    element={
                      <Area>
                        <Protected>
                          <AiAvatarsScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  {/* The course builder (creator, reviewer), also under its old prefix /creator-old (requirements §2). */}
                  {['/creator', '/creator-old'].flatMap((prefix) => [
                    <Route
                      key={`${prefix}-list`}
                      path={`${prefix}/courses`}
                      element={
                        <Area>
                          <Protected>
                            <CourseListScreen />
                          </Protected>
                        </Area>
                      }
                    />,
                    <Route
                      key={`${prefix}-course`}
                      path={`${prefix}/courses/:uuid`}
                      element={
                        <Area>
                          <Protected>
                            <BuilderScreen />
                          </Protected>
                        </Area>
                      }
                    />,
                    <Route
                      key={`${prefix}-review`}
                      path={`${prefix}/courses/:uuid/review`}
                      element={
                        <Area>
                          <Protected>
                            <ReviewScreen />
                          </Protected>
                        </Area>
                      }
                    />,
                    <Route
                      key={`${prefix}-tab`}
                      path={`${prefix}/courses/:uuid/:tab`}
                      element={
                        <Area>
                          <Protected>
                            <BuilderScreen />
                          </Protected>
                        </Area>
                      }
                    />,
                  ])}
                  {/* An organisation's managers (the group named as its domain) and administrators: /admin/{host} (decision 0038). */}
                  <Route
                    path="/admin/:host"
                    element={
                      <Area>
                        <Protected>
                          <OrganizationScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  {/* Finances (admin and finances groups): /admin/finances is finance staff's landing page. */}
                  <Route
                    path="/admin/finances"
                    element={
                      <Area>
                        <Protected>
                          <FinancesHome />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/finances/sales"
                    element={
                      <Area>
                        <Protected>
                          <FinanceSales />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/finances/analytics"
                    element={
                      <Area>
                        <Protected>
                          <FinanceAnalytics />
                        </Protected>
                      </Area>
                    }
                  />
                  {/* The website editors (admin group): /admin/{site}/courses, careers, analytics, carousel, news, blogs (docs/website.md). */}
                  <Route
                    path="/admin/websites"
                    element={
                      <Area>
                        <Protected>
                          <SitesScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/courses"
                    element={
                      <Area>
                        <Protected>
                          <FeaturedCoursesScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/careers"
                    element={
                      <Area>
                        <Protected>
                          <SiteCareersScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/analytics"
                    element={
                      <Area>
                        <Protected>
                          <SiteAnalyticsScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/carousel"
                    element={
                      <Area>
                        <Protected>
                          <CarouselScreen />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/news"
                    element={
                      <Area>
                        <Protected>
                          <PostsScreen kind="news" />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/news/:id"
                    element={
                      <Area>
                        <Protected>
                          <PostEditScreen kind="news" />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/blogs"
                    element={
                      <Area>
                        <Protected>
                          <PostsScreen kind="blog" />
                        </Protected>
                      </Area>
                    }
                  />
                  <Route
                    path="/admin/:site/blogs/:id"
                    element={
                      <Area>
                        <Protected>
                          <PostEditScreen kind="blog" />
                        </Protected>
                      </Area>
                    }
                  />
                </CustomRoutes>
              </AulaAdmin>
            }
          />
        </Routes>
      </Suspense>
    </BrowserRouter>
  )
}
