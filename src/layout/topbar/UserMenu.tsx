import LogoutOutlined from '@mui/icons-material/LogoutOutlined'
import PersonOutlined from '@mui/icons-material/PersonOutlined'
import { Avatar, IconButton, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material'
import { InPlaceMenu } from '../../ui/InPlaceMenu'
import { useState } from 'react'
import { useGetIdentity, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('')

/** The signed-in person's menu: Profile (/settings/profile) and Logout (/logout). */
export function UserMenu() {
  const translate = useTranslate()
  const { identity } = useGetIdentity()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const name = identity?.fullName ?? ''
  const shown = name ? initials(name) : ''
  const close = () => setAnchor(null)

  return (
    <>
      <IconButton
        color="inherit"
        // The name starts with what the button shows (the initials), so voice control finds it by them.
        aria-label={shown ? translate('aula.topbar.accountOf', { initials: shown, name }) : translate('aula.topbar.account')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'aula-user-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {/* White on the brand's dark teal: above 4.5:1 in both themes (amber was 3:1). */}
        <Avatar src={identity?.avatar} alt="" sx={{ width: 32, height: 32, fontSize: 14, fontWeight: 600, bgcolor: 'primary.dark', color: '#ffffff' }}>
          {shown || <PersonOutlined fontSize="small" />}
        </Avatar>
      </IconButton>
      <InPlaceMenu id="aula-user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {name && (
          <Typography component="li" variant="subtitle2" sx={{ px: 2, py: 1 }} aria-hidden="true">
            {name}
          </Typography>
        )}
        <MenuItem component={Link} to="/settings/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('aula.topbar.profile')}</ListItemText>
        </MenuItem>
        <MenuItem component={Link} to="/logout" onClick={close}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('aula.topbar.logout')}</ListItemText>
        </MenuItem>
      </InPlaceMenu>
    </>
  )
}
