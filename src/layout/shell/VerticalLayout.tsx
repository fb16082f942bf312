import { Box } from '@mui/material'
import type { ReactNode } from 'react'
import type { LayoutSettings } from '../settings/layoutSettings'
import { TopBar } from '../topbar/TopBar'
import { ContentArea } from './ContentArea'
import { SideBar } from './SideBar'

interface Props {
  settings: LayoutSettings
  onOpenSettings: () => void
  children: ReactNode
}

/** Sidebar on the left, top bar above the page. */
export function VerticalLayout({ settings, onOpenSettings, children }: Props) {
  const scrolls = settings.layoutWidth === 'scrollable'
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SideBar settings={settings} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ position: scrolls ? 'relative' : 'sticky', top: 0, zIndex: (t) => t.zIndex.appBar }}>
          <TopBar menuButtonAlways onOpenSettings={onOpenSettings} />
        </Box>
        <ContentArea>{children}</ContentArea>
      </Box>
    </Box>
  )
}
