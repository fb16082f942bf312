import { useMemo } from 'react'
import { useGroups } from '../access/groups'
import { useShellConfig } from '../shellConfig'
import { buildMenu, visibleMenu, type MenuEntry } from './menuItems'

/** The menu entries the signed-in user may open. */
export function useMenu(): MenuEntry[] {
  const { groups } = useGroups()
  const { site } = useShellConfig()
  return useMemo(() => visibleMenu(buildMenu(site, groups), groups), [groups, site])
}
