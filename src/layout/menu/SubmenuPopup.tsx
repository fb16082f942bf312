import { ListItemIcon, ListItemText, MenuItem } from '@mui/material'
import { InPlaceMenu } from '../../ui/InPlaceMenu'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { MenuEntry } from './menuItems'

interface SubmenuPopupProps {
  entry: MenuEntry
  anchor: HTMLElement | null
  onClose: () => void
  /** Open to the right of the anchor (icon sidebar) instead of below it (top menu). */
  side?: boolean
}

/** A submenu's links in a popup menu: used by the top menu and the icon-only sidebar. */
export function SubmenuPopup({ entry, anchor, onClose, side }: SubmenuPopupProps) {
  const translate = useTranslate()
  return (
    <InPlaceMenu
      id={`aula-menu-${entry.key}`}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={side ? { vertical: 'top', horizontal: 'right' } : { vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
    >
      {entry.children?.map((child) => (
        <MenuItem key={child.key} component={Link} to={child.to ?? '/dashboard'} onClick={onClose}>
          {child.icon && (
            <ListItemIcon>
              <child.icon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText>{translate(child.label, child.labelOptions)}</ListItemText>
        </MenuItem>
      ))}
    </InPlaceMenu>
  )
}
