import { Box, CircularProgress, Typography } from '@mui/material'
import { useEffect, useRef } from 'react'
import { useLogout, useTranslate } from 'react-admin'
import { browser } from '../../authProvider/browser'

/**
 * /logout and /global-logout (always available): ends the session (everywhere with `global`);
 * react-admin's logout empties its query cache and store, then /login loads afresh so no data holder
 * survives (requirements §4).
 */
export function LogoutPage({ global = false }: { global?: boolean }) {
  const logout = useLogout()
  const translate = useTranslate()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void Promise.resolve(logout({ global }, false))
      .catch(() => undefined)
      .finally(() => browser.assign('/login'))
  }, [logout, global])
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', alignContent: 'center', minHeight: '60vh', gap: 2 }}>
      <CircularProgress aria-hidden="true" />
      <Typography>{translate('aula.account.signingOut')}</Typography>
    </Box>
  )
}
