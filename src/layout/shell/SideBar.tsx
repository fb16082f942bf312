import { Box } from '@mui/material'
import { SideMenu } from '../menu/SideMenu'
import type { LayoutSettings, SidebarType } from '../settings/layoutSettings'
import { sidebarBackground, sidebarColours } from '../theme/chrome'
import { MenuDrawer, MENU_DRAWER_WIDTH } from './MenuDrawer'
import { useIsWide, useMenuOpen } from './menuOpen'

/** Sidebar widths per type; closing the sidebar on a wide screen folds it to icons. */
export const SIDEBAR_WIDTH: Record<SidebarType, number> = { default: MENU_DRAWER_WIDTH, compact: 208, icon: 72 }

/** The vertical layout's sidebar: fixed beside the content on wide screens, a drawer on narrow ones. */
export function SideBar({ settings }: { settings: LayoutSettings }) {
  const wide = useIsWide()
  const [open] = useMenuOpen()
  const colours = sidebarColours[settings.leftSideBarTheme]
  const background = sidebarBackground(settings.leftSideBarTheme, settings.leftSideBarThemeImage)

  if (!wide) return <MenuDrawer colours={colours} background={background} />

  const type: SidebarType = open ? settings.leftSideBarType : 'icon'
  const scrolls = settings.layoutWidth === 'scrollable'
  return (
    <Box
      component="aside"
      sx={{
        width: SIDEBAR_WIDTH[type],
        flexShrink: 0,
        background,
        color: colours.text,
        position: scrolls ? 'relative' : 'sticky',
        top: 0,
        height: scrolls ? 'auto' : '100vh',
        overflowY: scrolls ? 'visible' : 'auto',
        overflowX: 'hidden',
        transition: (theme) => theme.transitions.create('width'),
        borderRight: settings.leftSideBarTheme === 'light' ? '1px solid rgba(15, 23, 42, 0.08)' : 'none',
      }}
    >
      <SideMenu colours={colours} iconsOnly={type === 'icon'} dense={type === 'compact'} />
    </Box>
  )
}
