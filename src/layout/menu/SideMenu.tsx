import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined'
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined'
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { NavLink, useLocation } from 'react-router-dom'
import type { ChromeColours } from '../theme/chrome'
import type { MenuEntry } from './menuItems'
import { SubmenuPopup } from './SubmenuPopup'
import { useMenu } from './useMenu'

interface SideMenuProps {
  colours: ChromeColours
  /** Icons only: labels become tooltips and submenus open as popups. */
  iconsOnly?: boolean
  dense?: boolean
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void
}

/** The side menu: only the entries the user may open, submenus folded. */
export function SideMenu({ colours, iconsOnly = false, dense = false, onNavigate }: SideMenuProps) {
  const translate = useTranslate()
  const entries = useMenu()
  const itemSx = {
    color: colours.text,
    borderRadius: 2,
    mx: 1,
    my: 0.25,
    justifyContent: iconsOnly ? 'center' : 'flex-start',
    '& .MuiListItemIcon-root': { color: colours.muted, minWidth: iconsOnly ? 0 : dense ? 32 : 38 },
    // Long labels (German, Russian) end in an ellipsis rather than running under the chevron.
    '& .MuiListItemText-root': { minWidth: 0 },
    '& .MuiListItemText-primary': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    '&:hover': { bgcolor: colours.hover },
    '&.active': { color: colours.active, bgcolor: colours.hover, fontWeight: 600 },
    '&.active .MuiListItemIcon-root': { color: colours.active },
  }
  const common = { itemSx, iconsOnly, dense, onNavigate }

  return (
    <List component="nav" aria-label={translate('aula.menu.label')} dense={dense} sx={{ py: 1 }}>
      {entries.map((entry) =>
        entry.children ? <Submenu key={entry.key} {...common} entry={entry} /> : <MenuLink key={entry.key} {...common} entry={entry} />,
      )}
    </List>
  )
}

interface ItemProps {
  entry: MenuEntry
  itemSx: object
  iconsOnly: boolean
  dense: boolean
  onNavigate?: () => void
  nested?: boolean
}

function MenuLink({ entry, itemSx, iconsOnly, onNavigate, nested }: ItemProps) {
  const translate = useTranslate()
  const label = translate(entry.label, entry.labelOptions)
  const Icon = entry.icon
  const button = (
    <ListItemButton
      component={NavLink}
      to={entry.to ?? '/dashboard'}
      onClick={onNavigate}
      aria-label={iconsOnly ? label : undefined}
      sx={{ ...itemSx, pl: nested ? 7 : undefined }}
    >
      {Icon && !nested && (
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
      )}
      {!iconsOnly && <ListItemText primary={label} />}
    </ListItemButton>
  )
  return iconsOnly ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  )
}

function Submenu(props: ItemProps) {
  const { entry, itemSx, iconsOnly } = props
  const translate = useTranslate()
  const { pathname } = useLocation()
  const holdsCurrent = entry.children?.some((c) => c.to && pathname.startsWith(c.to)) ?? false
  const [open, setOpen] = useState(holdsCurrent)
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const label = translate(entry.label, entry.labelOptions)
  const Icon = entry.icon
  const listId = `aula-side-${entry.key}`

  if (iconsOnly) {
    return (
      <>
        <Tooltip title={label} placement="right">
          <ListItemButton
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : 'false'}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={itemSx}
          >
            {Icon && (
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
            )}
          </ListItemButton>
        </Tooltip>
        <SubmenuPopup entry={entry} anchor={anchor} onClose={() => setAnchor(null)} side />
      </>
    )
  }

  return (
    <>
      <ListItemButton aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} sx={itemSx}>
        {Icon && (
          <ListItemIcon>
            <Icon />
          </ListItemIcon>
        )}
        <ListItemText primary={label} />
        {open ? <ExpandLessOutlined fontSize="small" /> : <ExpandMoreOutlined fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {/* Its items are links, not list items: a group of links, not a list (a list must hold <li>s). */}
        <List id={listId} component="div" role="group" aria-label={label} disablePadding dense>
          {entry.children?.map((child) => (
            <MenuLink key={child.key} {...props} entry={child} nested />
          ))}
        </List>
      </Collapse>
    </>
  )
}
