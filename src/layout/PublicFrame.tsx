import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { CookieConsent } from './CookieConsent'
import { LanguageMenu } from './topbar/LanguageMenu'

/**
 * The bare layout (requirements §2 "public routes use a bare layout") for a page a visitor reaches inside
 * react-admin's layout, such as the 404 page: the brand, the page and the cookie banner, no shell.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 2, color: 'primary.main' }}>
        <SchoolOutlined aria-hidden="true" />
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5, flex: 1 }}>
          Aula
        </Typography>
        <Box sx={{ color: 'text.primary' }}>
          <LanguageMenu />
        </Box>
      </Box>
      <Box component="main" id="main-content" sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
        {children}
      </Box>
      <CookieConsent />
    </Box>
  )
}
