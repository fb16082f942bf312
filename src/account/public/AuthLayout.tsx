import { Box, Card, CardContent, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { CookieConsent } from '../../layout/CookieConsent'

/** The bare layout of the public screens: a card with the form, and on wide screens an optional side panel. */
export function AuthLayout({ title, subtitle, aside, children }: { title: string; subtitle?: string; aside?: ReactNode; children: ReactNode }) {
  const translate = useTranslate()
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
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
      <Box sx={{ flex: '1 1 45%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
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
      <CookieConsent />
    </Box>
  )
}
