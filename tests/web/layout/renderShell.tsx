import { render } from '@testing-library/react'
import { Admin, CustomRoutes, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter, Route, useLocation } from 'react-router-dom'
import type { ReactNode } from 'react'
import { createI18nProvider } from '../../../src/i18n'
import { AulaLayout } from '../../../src/layout/AulaLayout'
import { NotFound } from '../../../src/layout/NotFound'
import { LAYOUT_SETTINGS_KEY } from '../../../src/layout/settings/layoutSettingsStore'
import type { LayoutSettings } from '../../../src/layout/settings/layoutSettings'
import { matchMediaAt, mediaList } from '../matchMedia'

/** Shows the current location so tests can assert where a link or the search box led. */
function Where() {
  const { pathname, search } = useLocation()
  return <output aria-label="location">{pathname + search}</output>
}

interface Options {
  path?: string
  groups?: string[]
  identity?: { id: string; fullName?: string }
  settings?: Partial<LayoutSettings>
  routes?: ReactNode
  /** A visitor: the identity check fails (react-admin's layout then holds no signed-in user). */
  visitor?: boolean
  /** The authProvider's `refreshGroups`: fresh groups from the identity service (absent: the provider has none). */
  refreshGroups?: () => Promise<string[]>
}

/**
 * Renders Aula's shell as react-admin does for a signed-in user in `groups`. The authProvider here
 * stands in for the real one only in what the shell reads from it: permissions and identity.
 */
export function renderShell({ path = '/dashboard', groups = [], identity, settings, routes, visitor = false, refreshGroups }: Options = {}) {
  if (settings) localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(settings))
  let current = groups
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => {
      if (visitor) throw { redirectTo: '/login', message: false }
    },
    checkError: async () => undefined,
    getPermissions: async () => current,
    getIdentity: async () => identity ?? { id: 'u1', fullName: 'Ada Lovelace' },
    ...(refreshGroups && {
      refreshGroups: async () => {
        current = await refreshGroups()
      },
    }),
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Admin authProvider={authProvider} i18nProvider={createI18nProvider()} store={memoryStore()} layout={AulaLayout} catchAll={NotFound} disableTelemetry>
        <CustomRoutes>
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
          <Route path="/courses" element={<Where />} />
          <Route path="/settings/profile" element={<Where />} />
          {routes}
        </CustomRoutes>
      </Admin>
    </MemoryRouter>,
  )
}

/** Makes MUI's media queries see a wide (desktop) screen, which jsdom does not have. */
export function useWideScreen() {
  window.matchMedia = ((query: string) => mediaList(query, /min-width/.test(query))) as typeof window.matchMedia
}

/** Makes MUI's media queries see a screen `width` pixels wide (min-width and max-width queries only). */
export function useScreenWidth(width: number) {
  window.matchMedia = matchMediaAt(width)
}
