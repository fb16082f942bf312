import { useMediaQuery, type Theme } from '@mui/material'
import { createContext, useContext, useState, type ReactNode } from 'react'
import { useSidebarState } from 'react-admin'

type MenuOpen = [open: boolean, setOpen: (open: boolean) => void]

const DrawerState = createContext<MenuOpen>([false, () => undefined])

/** Whether the screen is wide enough (MUI `md` and up) for a sidebar beside the page. */
export const useIsWide = () => useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true })

/**
 * Holds the phone drawer's open state for the shell: closed on every page load and whenever the
 * screen crosses the `md` breakpoint, never stored.
 */
export function MenuOpenProvider({ children }: { children: ReactNode }) {
  const wide = useIsWide()
  const [open, setOpen] = useState(false)
  const [wasWide, setWasWide] = useState(wide)
  if (wasWide !== wide) {
    setWasWide(wide)
    setOpen(false)
  }
  return <DrawerState.Provider value={[open, setOpen]}>{children}</DrawerState.Provider>
}

/**
 * The menu's open state as the menu button and the sidebar share it. Below `md` it is the drawer
 * over the page, which starts closed. From `md` up it is react-admin's stored sidebar state
 * (`sidebar.open`): open shows the configured sidebar type, closed folds it to icons.
 *
 * react-admin's own default (`useSidebarState`) is open everywhere above its `sm` breakpoint and is
 * kept in the store, so a tablet or a phone held sideways would start with the drawer covering the page.
 */
export function useMenuOpen(): MenuOpen {
  const wide = useIsWide()
  const sidebar = useSidebarState()
  const drawer = useContext(DrawerState)
  return wide ? sidebar : drawer
}
