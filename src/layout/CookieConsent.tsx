import CookieOutlined from '@mui/icons-material/CookieOutlined'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'

/** Spec §9's cookie name. */
export const COOKIE_CONSENT = 'cookie_consent'
const ONE_YEAR = 60 * 60 * 24 * 365

const hasConsent = () => document.cookie.split(';').some((c) => c.trim().startsWith(`${COOKIE_CONSENT}=`))

/** The cookie-consent banner: shown until Accept stores the `cookie_consent` cookie. */
export function CookieConsent() {
  const translate = useTranslate()
  const [accepted, setAccepted] = useState(hasConsent)
  if (accepted) return null

  const accept = () => {
    document.cookie = `${COOKIE_CONSENT}=true; max-age=${ONE_YEAR}; path=/; SameSite=Lax`
    setAccepted(true)
  }

  return (
    <>
      {/* Room under the page, so its end (the footer) can scroll above the banner instead of under it. */}
      <Box aria-hidden="true" sx={{ height: { xs: 200, sm: 100 }, flexShrink: 0 }} />
      <Paper
        role="region"
        aria-label={translate('aula.cookies.label')}
        elevation={8}
        sx={{
          position: 'fixed',
          left: 16,
          right: 16,
          bottom: 16,
          mx: 'auto',
          maxWidth: 720,
          p: 2,
          // Above the page, below drawers and menus: an open menu drawer or settings panel covers it.
          zIndex: (theme) => theme.zIndex.appBar,
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <CookieOutlined color="secondary" aria-hidden="true" />
          <Typography variant="body2" sx={{ flex: 1 }}>
            {translate('aula.cookies.message')}
          </Typography>
          <Button variant="contained" onClick={accept}>
            {translate('aula.cookies.accept')}
          </Button>
        </Stack>
      </Paper>
    </>
  )
}
