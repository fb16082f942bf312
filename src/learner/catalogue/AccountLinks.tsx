import DashboardOutlined from '@mui/icons-material/DashboardOutlined'
import LogoutOutlined from '@mui/icons-material/LogoutOutlined'
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import { Box, Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, useMediaQuery, useTheme } from '@mui/material'
import { useState, type ElementType } from 'react'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'

/** The ways back into the signed-in app, since the catalogue has no chrome (requirements §2). */
const LINKS: { to: string; label: string; icon: ElementType }[] = [
  { to: '/dashboard', label: 'aula.account.dashboard.title', icon: DashboardOutlined },
  { to: '/settings/profile', label: 'aula.account.settings.title', icon: SettingsOutlined },
  { to: '/logout', label: 'aula.topbar.logout', icon: LogoutOutlined },
]

/**
 * The signed-in learner's way back from the chrome-less catalogue: the dashboard, the settings and signing
 * out, as links in a named navigation on wide screens and behind one menu button on phones.
 */
export function AccountLinks() {
  const translate = useTranslate()
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const close = () => setAnchor(null)
  const label = translate('aula.learner.catalogue.account')
  if (phone) {
    return (
      <>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? 'aula-catalogue-account' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertOutlined />
        </IconButton>
        <Menu id="aula-catalogue-account" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          {LINKS.map(({ to, label: key, icon: Icon }) => (
            <MenuItem key={to} component={Link} to={to} onClick={close}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(key)}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </>
    )
  }
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', gap: 0.5 }}>
      {LINKS.map(({ to, label: key, icon: Icon }) => (
        <Button key={to} component={Link} to={to} color="inherit" startIcon={<Icon />} sx={{ whiteSpace: 'nowrap' }}>
          {translate(key)}
        </Button>
      ))}
    </Box>
  )
}
