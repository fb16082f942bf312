import { CssBaseline } from '@mui/material'
import { AdminContext } from 'react-admin'
import { Outlet } from 'react-router-dom'
import { authProvider } from '../authProvider'
import type { AppDataProvider } from '../dataProvider'
import { i18nProvider } from '../i18n'
import { darkTheme, lightTheme } from '../layout/theme/theme'

/**
 * The data provider, downloaded at its first call: only the terms page reads data, so the sign-in and
 * registration pages never download it (or the REST client it is built on).
 */
const lazyDataProvider = new Proxy({} as AppDataProvider, {
  get(_, method) {
    // Not a thenable, and nothing but methods: react-admin only calls the provider's functions.
    if (typeof method !== 'string' || method === 'then') return undefined
    return async (...args: unknown[]) => {
      const { dataProvider } = await import('../dataProvider')
      return (dataProvider as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args)
    }
  },
})

/**
 * The frame of the public account screens, a chunk of its own: react-admin's context (forms,
 * translation, data, the chosen light or dark theme) without react-admin's interface (layout, menus,
 * notifications), which only the shell needs.
 */
export function PublicContext() {
  return (
    <AdminContext dataProvider={lazyDataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={lightTheme} darkTheme={darkTheme}>
      <CssBaseline enableColorScheme />
      <Outlet />
    </AdminContext>
  )
}
