import CloseOutlined from '@mui/icons-material/CloseOutlined'
import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { Box, Drawer, IconButton, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { SideMenu } from '../menu/SideMenu'
import type { ChromeColours } from '../theme/chrome'
import { useMenuOpen } from './menuOpen'

/** Width of the menu drawer on narrow screens. */
export const MENU_DRAWER_WIDTH = 248

/**
 * The menu on narrow screens (both layouts): a drawer over the page with the brand, a close button
 * and the side menu. Following a link or the brand closes it.
 */
export function MenuDrawer({ colours, background }: { colours: ChromeColours; background: string }) {
  const translate = useTranslate()
  const [open, setOpen] = useMenuOpen()
  const close = () => setOpen(false)
  return (
    <Drawer
      open={open}
      onClose={close}
      slotProps={{
        paper: { role: 'dialog', 'aria-label': translate('aula.menu.label'), sx: { width: MENU_DRAWER_WIDTH, background, color: colours.text } },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2.5, pr: 1, minHeight: 60 }}>
        <Box
          component={Link}
          to="/dashboard"
          onClick={close}
          aria-label={translate('aula.topbar.home')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flex: 1 }}
        >
          <SchoolOutlined aria-hidden="true" />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
            Aula
          </Typography>
        </Box>
        <IconButton color="inherit" aria-label={translate('aula.menu.close')} onClick={close}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <SideMenu colours={colours} onNavigate={close} />
    </Drawer>
  )
}
