import type { ReactNode } from 'react'
import { Admin, Resource } from 'react-admin'
import { RootRedirect } from '../account/access/RootRedirect'
import { RouteFallback } from '../account/access/RouteFallback'
import { authProvider } from '../authProvider'
import { dataProvider } from '../dataProvider'
import { i18nProvider } from '../i18n'
import { AulaLayout } from '../layout/AulaLayout'
import { darkTheme, lightTheme } from '../layout/theme/theme'
import { adminResources } from '../resources'

/**
 * The shell's chunk: react-admin with Aula's layout, for every route but the public account screens.
 * The screens inside it come from their own areas' chunks (see App.tsx); the administration resources
 * (src/resources/index.ts) are declared here.
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
      {/* Administration (admin group): each resource's screens are chunks of their own, loaded on first use. */}
      {adminResources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  )
}

export { Protected } from '../account/access/Protected'
