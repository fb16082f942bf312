import { CssBaseline } from '@mui/material'
import { AdminContext } from 'react-admin'
import { Outlet } from 'react-router-dom'
import { authProvider } from '../authProvider'
import { dataProvider } from '../dataProvider'
import { i18nProvider } from '../i18n'
import { darkTheme, lightTheme } from '../layout/theme/theme'

/**
 * The public account area's chunk: what a visitor of /login, /register or the terms page downloads.
 * Its screens run in react-admin's context (forms, translation, data, the chosen light or dark theme)
 * without react-admin's interface (layout, menus, notifications), which only the shell needs.
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

export { LoginPage } from '../account/public/LoginPage'
export { RegisterPage } from '../account/public/RegisterPage'
export { RegisterConfirmationPage } from '../account/public/RegisterConfirmationPage'
export { ForgotPasswordPage } from '../account/public/ForgotPasswordPage'
export { CompleteRegisterPage } from '../account/public/CompleteRegisterPage'
export { LogoutPage } from '../account/access/LogoutPage'
export { VisitorOnly } from '../account/access/VisitorOnly'
