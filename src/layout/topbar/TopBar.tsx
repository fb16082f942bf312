import MenuOutlined from '@mui/icons-material/MenuOutlined'
import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import TuneOutlined from '@mui/icons-material/TuneOutlined'
import { Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material'
import { ToggleThemeButton, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { useLayoutSettings } from '../settings/layoutSettingsStore'
import { useMenuOpen } from '../shell/menuOpen'
import { topbarColours } from '../theme/chrome'
import { AppsMenu } from './AppsMenu'
import { FullscreenToggle } from './FullscreenToggle'
import { LanguageMenu } from './LanguageMenu'
import { NotificationsBell } from './NotificationsBell'
import { SearchBox } from './SearchBox'
import { UserMenu } from './UserMenu'

interface TopBarProps {
  /** Whether the menu button shows on wide screens too (vertical layout) or only on narrow ones. */
  menuButtonAlways: boolean
  onOpenSettings: () => void
}

/** The top bar of requirements §2, coloured by the chosen topbar theme. */
export function TopBar({ menuButtonAlways, onOpenSettings }: TopBarProps) {
  const translate = useTranslate()
  const [{ topbarTheme }] = useLayoutSettings()
  const [open, setOpen] = useMenuOpen()
  const colours = topbarColours[topbarTheme]

  return (
    <Box
      component="header"
      sx={{
        background: colours.background,
        color: colours.text,
        borderBottom: topbarTheme === 'light' ? '1px solid rgba(15, 23, 42, 0.08)' : 'none',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, minHeight: { xs: 60 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={translate('aula.topbar.toggleMenu')}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          sx={{ display: menuButtonAlways ? 'inline-flex' : { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuOutlined />
        </IconButton>
        <Box
          component={Link}
          to="/dashboard"
          aria-label={translate('aula.topbar.home')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2 }}
        >
          <SchoolOutlined />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
            Aula
          </Typography>
        </Box>
        <SearchBox />
        <Box sx={{ flex: 1 }} />
        {/* Narrow screens keep only what fits: no apps dropdown, no full screen (phones have their own). */}
        <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <AppsMenu />
          <FullscreenToggle />
        </Box>
        <ToggleThemeButton />
        <NotificationsBell />
        <LanguageMenu />
        <Tooltip title={translate('aula.topbar.settings')}>
          <IconButton color="inherit" aria-label={translate('aula.topbar.settings')} onClick={onOpenSettings}>
            <TuneOutlined />
          </IconButton>
        </Tooltip>
        <UserMenu />
      </Toolbar>
    </Box>
  )
}
