import { CssBaseline } from '@mui/material'
import { AdminContext } from 'react-admin'
import { Outlet } from 'react-router-dom'
import { authProvider } from '../authProvider'
import { dataProvider } from '../dataProvider'
import { i18nProvider } from '../i18n'
import { darkTheme, lightTheme } from '../layout/theme/theme'

/**
 * The frame of the public account screens, a chunk of its own: react-admin's context (forms,
 * translation, data, the chosen light or dark theme) without react-admin's interface (layout, menus,
 * notifications), which only the shell needs.
 */
export function PublicContext() {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <CssBaseline enableColorScheme />
      <Outlet />
    </AdminContext>
  )
}
