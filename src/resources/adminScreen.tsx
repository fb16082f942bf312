import { LinearProgress } from '@mui/material'
import { lazy, type ComponentType } from 'react'
import { Authenticated } from 'react-admin'
import { useLocation } from 'react-router-dom'
import { screenGroups } from '../../contracts/screens'
import { loadAdminTexts } from '../i18n'
import { GroupGate } from '../layout/access/GroupGate'

/**
 * An administration screen, loaded only when first opened (the public screens' JavaScript does not
 * carry the admin area). A visitor goes to /login; a signed-in user outside the screen's groups
 * (`screenPolicy`) sees permission denied before any admin call is made.
 */
export function adminScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // The screen and the administration texts download together; the screen draws once both are here.
  const Screen = lazy(async () => ({ default: (await Promise.all([load(), loadAdminTexts()]))[0] }))
  function AdminScreen(props: P) {
    const { pathname } = useLocation()
    return (
      <Authenticated loading={<LinearProgress aria-hidden="true" />}>
        <GroupGate groups={screenGroups(pathname) ?? ['admin']}>
          <Screen {...props} />
        </GroupGate>
      </Authenticated>
    )
  }
  return AdminScreen
}
