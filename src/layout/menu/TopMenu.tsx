import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined'
import { Box, Button } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { NavLink } from 'react-router-dom'
import type { ChromeColours } from '../theme/chrome'
import type { MenuEntry } from './menuItems'
import { SubmenuPopup } from './SubmenuPopup'
import { useMenu } from './useMenu'

/** The horizontal layout's menu bar: links and dropdowns, only what the user may open. */
export function TopMenu({ colours }: { colours: ChromeColours }) {
  const translate = useTranslate()
  const entries = useMenu()
  return (
    <Box
      component="nav"
      aria-label={translate('aula.menu.label')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        gap: 0.5,
        px: 2,
        py: 0.5,
        background: colours.background,
        color: colours.text,
        borderBottom: '1px solid rgba(127, 140, 160, 0.2)',
      }}
    >
      {entries.map((entry) => (entry.children ? <Dropdown key={entry.key} entry={entry} /> : <TopLink key={entry.key} entry={entry} colours={colours} />))}
    </Box>
  )
}

function TopLink({ entry, colours }: { entry: MenuEntry; colours: ChromeColours }) {
  const translate = useTranslate()
  const Icon = entry.icon
  return (
    <Button
      component={NavLink}
      to={entry.to ?? '/dashboard'}
      color="inherit"
      startIcon={Icon && <Icon />}
      sx={{ '&.active': { color: colours.active, bgcolor: colours.hover } }}
    >
      {translate(entry.label, entry.labelOptions)}
    </Button>
  )
}

function Dropdown({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const Icon = entry.icon
  return (
    <>
      <Button
        color="inherit"
        startIcon={Icon && <Icon />}
        endIcon={<ExpandMoreOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? `aula-menu-${entry.key}` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate(entry.label, entry.labelOptions)}
      </Button>
      <SubmenuPopup entry={entry} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  )
}
