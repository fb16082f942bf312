import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { CookieConsent } from '../../layout/CookieConsent'
import { LanguageMenu } from '../../layout/topbar/LanguageMenu'
import { AccountLinks } from './AccountLinks'

/**
 * The frame of the learner screens without the chrome layout (requirements §2: the catalogue; the public
 * certificate check): the brand leading home, for a signed-in learner the way back to the dashboard, the
 * settings and signing out (`account`), the language menu, and the page's own content.
 */
export function BareFrame({
  children,
  home = '/dashboard',
  maxWidth = 1200,
  account = false,
}: {
  children: ReactNode
  home?: string
  maxWidth?: number
  account?: boolean
}) {
  const translate = useTranslate()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Box
          component={Link}
          to={home}
          aria-label={translate('aula.topbar.home')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', textDecoration: 'none', flex: 1 }}
        >
          <SchoolOutlined aria-hidden="true" />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
            Aula
          </Typography>
        </Box>
        {account && <AccountLinks />}
        <LanguageMenu />
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, width: '100%', maxWidth, mx: 'auto', px: { xs: 2, sm: 3 }, pb: 4, outline: 'none' }}>
        {children}
      </Box>
      <CookieConsent />
    </Box>
  )
}
