import { Box } from '@mui/material'
import type { ReactNode } from 'react'
import { TopMenu } from '../menu/TopMenu'
import type { LayoutSettings } from '../settings/layoutSettings'
import { sidebarColours, topbarColours } from '../theme/chrome'
import { TopBar } from '../topbar/TopBar'
import { ContentArea } from './ContentArea'
import { MenuDrawer } from './MenuDrawer'
import { useIsWide } from './menuOpen'

interface Props {
  settings: LayoutSettings
  onOpenSettings: () => void
  children: ReactNode
}

/** Top bar with the menu bar under it; on narrow screens the menu opens as a drawer. */
export function HorizontalLayout({ settings, onOpenSettings, children }: Props) {
  const wide = useIsWide()
  const scrolls = settings.layoutWidth === 'scrollable'
  // The menu bar sits on a light strip under a light top bar, on the top bar's colour otherwise.
  const menuColours = settings.topbarTheme === 'light' ? sidebarColours.light : topbarColours[settings.topbarTheme]

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box sx={{ position: scrolls ? 'relative' : 'sticky', top: 0, zIndex: (t) => t.zIndex.appBar }}>
        <TopBar menuButtonAlways={false} onOpenSettings={onOpenSettings} />
        <TopMenu colours={menuColours} />
      </Box>
      {!wide && <MenuDrawer colours={sidebarColours.dark} background={sidebarColours.dark.background} />}
      <ContentArea>{children}</ContentArea>
    </Box>
  )
}
