import CookieOutlined from '@mui/icons-material/CookieOutlined'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useTranslate } from 'react-admin'

/** Requirements §9's cookie name. */
export const COOKIE_CONSENT = 'cookie_consent'
const ONE_YEAR = 60 * 60 * 24 * 365

const hasConsent = () => document.cookie.split(';').some((c) => c.trim().startsWith(`${COOKIE_CONSENT}=`))

/** The CSS variable holding the room the banner takes at the bottom of the screen while it shows. */
export const COOKIE_ROOM = '--aula-cookie-room'

/** Keeps COOKIE_ROOM at the banner's height plus its gap to the screen edge (text wraps differently per language and width). */
function usePublishedRoom(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const root = document.documentElement.style
    const element = banner.current
    if (!shown || !element) return
    const publish = () => root.setProperty(COOKIE_ROOM, `${Math.ceil(element.getBoundingClientRect().height) + 24}px`)
    publish()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.removeProperty(COOKIE_ROOM)
    }
  }, [banner, shown])
}

/**
 * The cookie-consent banner: shown until Accept stores the `cookie_consent` cookie. Under it goes room
 * for the end of the page to scroll above it; a page whose footer makes that room itself (the shell's
 * footer pads by COOKIE_ROOM) passes `spacer={false}`.
 */
export function CookieConsent({ spacer = true }: { spacer?: boolean }) {
  const translate = useTranslate()
  const [accepted, setAccepted] = useState(hasConsent)
  const banner = useRef<HTMLDivElement>(null)
  usePublishedRoom(banner, !accepted)
  if (accepted) return null

  const accept = () => {
    document.cookie = `${COOKIE_CONSENT}=true; max-age=${ONE_YEAR}; path=/; SameSite=Lax`
    setAccepted(true)
  }

  return (
    <>
      {/* Room under the page, so its end (the footer) can scroll above the banner instead of under it. */}
      {spacer && <Box aria-hidden="true" sx={{ height: `var(${COOKIE_ROOM}, 200px)`, flexShrink: 0 }} />}
      <Paper
        ref={banner}
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
