import { Menu, type MenuProps } from '@mui/material'

/**
 * A popup menu drawn where its button is (inside the top bar's banner, the sidebar's navigation or the
 * page's main landmark) instead of at the end of the page: a screen reader's landmark navigation then
 * finds its items in the part of the page they belong to (axe `region`). It still opens above the page,
 * positioned against the window.
 */
export function InPlaceMenu(props: MenuProps) {
  return <Menu disablePortal {...props} />
}
