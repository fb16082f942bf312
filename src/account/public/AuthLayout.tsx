import { Box, Card, CardContent, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { CookieConsent } from '../../layout/CookieConsent'
import { LanguageMenu } from '../../layout/topbar/LanguageMenu'

/**
 * The bare layout of the public screens: a card with the form, and on wide screens an optional side
 * panel. The language menu sits above the card (a visitor chooses before signing in). The page is a
 * column whose last part is the cookie banner's room, so the banner never covers the form's button or
 * links: on a short screen the page scrolls them above it.
 */
export function AuthLayout({ title, subtitle, aside, children }: { title: string; subtitle?: string; aside?: ReactNode; children: ReactNode }) {
  const translate = useTranslate()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flex: 1, display: 'flex' }}>
        {aside && (
          <Box
            sx={{
              display: { xs: 'none', md: 'flex' },
              flex: '1 1 55%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              alignItems: 'center',
              justifyContent: 'center',
              p: 6,
            }}
          >
            {aside}
          </Box>
        )}
        <Box sx={{ flex: '1 1 45%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
          <Box sx={{ width: '100%', maxWidth: 440, display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <LanguageMenu />
          </Box>
          <Card sx={{ width: '100%', maxWidth: 440 }} elevation={aside ? 0 : 2}>
            <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
              <Typography variant="overline" color="primary" component="p" sx={{ fontWeight: 700, letterSpacing: 1 }}>
                Aula · {translate('aula.account.brand')}
              </Typography>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1, mb: subtitle ? 0 : 2 }}>
                {title}
              </Typography>
              {subtitle && (
                <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
                  {subtitle}
                </Typography>
              )}
              {children}
            </CardContent>
          </Card>
        </Box>
      </Box>
      <CookieConsent />
    </Box>
  )
}
