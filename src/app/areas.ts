/**
 * One loader per area of the web app: each area is one module here (`<area>Area.ts(x)`) exporting the
 * area's screens, and so one chunk, downloaded when a route of it first opens. To add an area (admin
 * resources, the builder, insights …): write `src/app/<area>Area.ts`, add its loader below and take
 * its screens in App.tsx with `screen(loader, 'Name')`.
 *
 * This module is part of the page's first, tiny script: it must import nothing else.
 */

/** React-admin's context without its interface: the frame of every public account screen. */
export const publicContext = () => import('./publicContext')
/** The public account screens (sign-in, registration, password reset, sign-out). */
export const publicArea = () => import('./publicArea')
/** The terms page, apart: it alone needs the HTML sanitiser. */
export const termsArea = () => import('./termsArea')
/** React-admin with Aula's layout, around every other screen. */
export const shellArea = () => import('./shellArea')
/** The learner screens: catalogue, course overview, dashboard, certificate verification. */
export const learnerArea = () => import('./learnerArea')
/** The course player, lazily on its own (its texts come with it). */
export const playerArea = () => import('./playerArea')
/** The signed-in account screens (settings). */
export const accountArea = () => import('./accountArea')
/** The course builder (creator and reviewer groups): course list, builder tabs, review. */
export const builderArea = () => import('./builderArea')
/** Insights (monitoring, analytics, finances): chart screens with recharts. */
export const insightsArea = () => import('./insightsArea')
/** The experimental area (experimental group): AI avatar requests. */
export const experimentalArea = () => import('./experimentalArea')
/** The website editors (admin group): carousel, news, blogs, sites. */
export const websiteArea = () => import('./websiteArea')
/** The organisation managers (the group named as an organisation's domain): `/admin/{host}`. */
export const organizationsArea = () => import('./organizationsArea')

/** The paths of the public account screens (requirements §2: bare layout, no shell); App.tsx routes them. */
export const PUBLIC_PATHS = new Set([
  '/logout',
  '/global-logout',
  '/terms-of-use-and-privacy',
  '/login',
  '/register',
  '/register-confirmation',
  '/forgot-password',
  '/complete-register',
])

/** The public certificate check (bare layout, outside the shell): `/certificates/verify/{code}`. */
export const VERIFY_PREFIX = '/certificates/verify/'

/**
 * Starts downloading the chunks of the screen the browser opens on at once, beside the app's core,
 * instead of after it: otherwise each chunk waits for the one that leads to it.
 */
export function preloadScreen(pathname: string) {
  if (pathname === '/terms-of-use-and-privacy') void Promise.all([publicContext(), termsArea()])
  else if (PUBLIC_PATHS.has(pathname)) void Promise.all([publicContext(), publicArea()])
  else if (pathname.startsWith(VERIFY_PREFIX)) void Promise.all([publicContext(), learnerArea()])
  else void shellArea()
}

/** Every area's chunk at once (tests, which open any screen without waiting for downloads). */
export const preloadAreas = () =>
  Promise.all([
    publicContext(),
    publicArea(),
    termsArea(),
    shellArea(),
    learnerArea(),
    playerArea(),
    accountArea(),
    builderArea(),
    insightsArea(),
    experimentalArea(),
    websiteArea(),
    organizationsArea(),
  ])
