import { Box } from '@mui/material'
import { useState, type ReactNode } from 'react'
import { useAuthState } from 'react-admin'
import { hasLiveSession } from '../authProvider'
import { CookieConsent } from './CookieConsent'
import { Preloader } from './Preloader'
import { PublicFrame } from './PublicFrame'
import { SkipLink } from './SkipLink'
import { useSessionWatch } from './useSessionWatch'
import { LayoutSettingsDrawer } from './settings/LayoutSettingsDrawer'
import { useLayoutSettings } from './settings/layoutSettingsStore'
import { useServerShellConfig } from './shellConfig'
import { HorizontalLayout } from './shell/HorizontalLayout'
import { MenuOpenProvider } from './shell/menuOpen'
import { VerticalLayout } from './shell/VerticalLayout'

/** The box a boxed width puts the whole shell in. */
const BOXED_WIDTH = 1320

/**
 * The shell of protected routes (react-admin's `layout`): vertical or horizontal as the layout
 * settings say, with the settings panel, the preloader and the cookie banner. A visitor never gets
 * the shell: the pages react-admin puts in its layout (the 404 page, protected routes on their way to
 * /login) show in the bare public frame instead.
 */
export function AulaLayout({ children }: { children?: ReactNode }) {
  const auth = useAuthState(undefined, false)
  const isPending = auth.isPending
  const authenticated = auth.authenticated === true

  // The last answer of the identity check. The check runs again whenever a page mounts (Protected asks
  // too); the frame keeps its last answer meanwhile instead of unmounting the page that asked.
  const [known, setKnown] = useState<boolean | null>(null)
  if (!isPending && known !== authenticated) setKnown(authenticated)
  // Before the first answer, a stored live session shows the shell at once; otherwise nothing shows
  // yet, so neither frame flashes before the other.
  const signedIn = isPending ? (known ?? (hasLiveSession() || null)) : authenticated
  if (signedIn === null) return null
  return signedIn ? <Shell>{children}</Shell> : <PublicFrame>{children}</PublicFrame>
}

function Shell({ children }: { children?: ReactNode }) {
  const [settings] = useLayoutSettings()
  const [settingsOpen, setSettingsOpen] = useState(false)
  useServerShellConfig()
  useSessionWatch()
  const Frame = settings.layoutType === 'vertical' ? VerticalLayout : HorizontalLayout

  return (
    <Box sx={{ bgcolor: settings.layoutWidth === 'boxed' ? 'action.hover' : 'background.default', minHeight: '100vh' }}>
      <SkipLink />
      <Preloader enabled={settings.isPreloader} />
      <Box
        sx={
          settings.layoutWidth === 'boxed'
            ? { maxWidth: BOXED_WIDTH, mx: 'auto', bgcolor: 'background.default', boxShadow: 3 }
            : { bgcolor: 'background.default' }
        }
      >
        <MenuOpenProvider>
          <Frame settings={settings} onOpenSettings={() => setSettingsOpen(true)}>
            {children}
          </Frame>
        </MenuOpenProvider>
      </Box>
      <LayoutSettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <CookieConsent spacer={false} />
    </Box>
  )
}
