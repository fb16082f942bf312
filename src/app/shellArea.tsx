import type { ReactNode } from 'react'
import { Admin } from 'react-admin'
import { RootRedirect } from '../account/access/RootRedirect'
import { RouteFallback } from '../account/access/RouteFallback'
import { authProvider } from '../authProvider'
import { dataProvider } from '../dataProvider'
import { i18nProvider } from '../i18n'
import { AulaLayout } from '../layout/AulaLayout'
import { darkTheme, lightTheme } from '../layout/theme/theme'

/**
 * The shell's chunk: react-admin with Aula's layout, for every route but the public account screens.
 * The screens inside it come from their own areas' chunks (see App.tsx).
 */
export function AulaAdmin({ children }: { children: ReactNode }) {
  return (
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
      {children}
    </Admin>
  )
}

export { Protected } from '../account/access/Protected'
export { CatalogueComingSoon } from '../layout/catalogue/CatalogueComingSoon'
