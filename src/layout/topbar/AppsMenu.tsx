import AppsOutlined from '@mui/icons-material/AppsOutlined'
import LanguageOutlined from '@mui/icons-material/LanguageOutlined'
import PeopleOutlined from '@mui/icons-material/PeopleOutlined'
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined'
import VideocamOutlined from '@mui/icons-material/VideocamOutlined'
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material'
import { InPlaceMenu } from '../../ui/InPlaceMenu'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { useShellConfig, type ShellConfig } from '../shellConfig'

const APPS: { key: keyof ShellConfig['apps']; icon: typeof AppsOutlined }[] = [
  { key: 'website', icon: LanguageOutlined },
  { key: 'social', icon: PeopleOutlined },
  { key: 'video', icon: SmartDisplayOutlined },
  { key: 'shortVideo', icon: VideocamOutlined },
]

/** Links to Aula's website and channels (the server's `LINK_*` variables); an unset link is left out, and with none the dropdown. */
export function AppsMenu() {
  const translate = useTranslate()
  const { apps } = useShellConfig()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const entries = APPS.filter((a) => apps[a.key])
  if (!entries.length) return null
  const label = translate('aula.topbar.apps')

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? 'aula-apps-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AppsOutlined />
        </IconButton>
      </Tooltip>
      <InPlaceMenu id="aula-apps-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {entries.map(({ key, icon: Icon }) => (
          <MenuItem key={key} component="a" href={apps[key]} target="_blank" rel="noopener noreferrer" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate(`aula.apps.${key}`)}</ListItemText>
          </MenuItem>
        ))}
      </InPlaceMenu>
    </>
  )
}
