import { Box } from '@mui/material'
import { useEffect, useState, type ReactNode } from 'react'
import { SkipNavigationButton, useLocaleState } from 'react-admin'
import { htmlLang, type Locale } from '../i18n'
import { CookieConsent } from './CookieConsent'
import { Preloader } from './Preloader'
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
 * settings say, with the settings panel, the preloader and the cookie banner.
 */
export function AulaLayout({ children }: { children?: ReactNode }) {
  const [settings] = useLayoutSettings()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [locale] = useLocaleState()
  useServerShellConfig()
  const Shell = settings.layoutType === 'vertical' ? VerticalLayout : HorizontalLayout

  useEffect(() => {
    document.documentElement.lang = htmlLang[locale as Locale] ?? htmlLang.mx
  }, [locale])

  return (
    <Box sx={{ bgcolor: settings.layoutWidth === 'boxed' ? 'action.hover' : 'background.default', minHeight: '100vh' }}>
      <SkipNavigationButton />
      <Preloader enabled={settings.isPreloader} />
      <Box
        sx={
          settings.layoutWidth === 'boxed'
            ? { maxWidth: BOXED_WIDTH, mx: 'auto', bgcolor: 'background.default', boxShadow: 3 }
            : { bgcolor: 'background.default' }
        }
      >
        <MenuOpenProvider>
          <Shell settings={settings} onOpenSettings={() => setSettingsOpen(true)}>
            {children}
          </Shell>
        </MenuOpenProvider>
      </Box>
      <LayoutSettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <CookieConsent />
    </Box>
  )
}
