import { useLocation } from 'react-router-dom'
import { screenGroups } from '../../../contracts/screens'
import { GroupGate } from '../../layout/access/GroupGate'
import { NotFound } from '../../layout/NotFound'
import { Protected } from './Protected'

/**
 * Every path no screen claims. Under a group-gated prefix (requirements §2 table) a visitor goes to /login and a
 * signed-in user outside the group sees permission denied; anything else is the 404 page.
 */
export function RouteFallback() {
  const { pathname } = useLocation()
  const groups = screenGroups(pathname)
  if (!groups) return <NotFound />
  return (
    <Protected>
      <GroupGate groups={groups}>
        <NotFound />
      </GroupGate>
    </Protected>
  )
}
