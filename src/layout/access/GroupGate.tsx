import { LinearProgress } from '@mui/material'
import { useEffect, useState, type ReactNode } from 'react'
import { useAuthProvider } from 'react-admin'
import { inAnyGroup, useGroups } from './groups'
import { PermissionDenied } from './PermissionDenied'

/**
 * Shows `children` only to members of one of `groups` (the product's groups, or an organisation's
 * group named as its domain); everyone else signed in sees the
 * permission-denied screen. Wrap each group-gated route's element with it in App.tsx.
 *
 * The groups come from the session's ID token, which may predate a change (an administrator has just
 * added the user to a group): before refusing, the gate asks the authProvider once for fresh groups
 * (`refreshGroups`, when it has one) and decides on those.
 */
export function GroupGate({ groups, children }: { groups: readonly string[]; children: ReactNode }) {
  const { groups: userGroups, isPending, refetch } = useGroups()
  const authProvider = useAuthProvider()
  const refreshGroups: (() => Promise<void>) | undefined = authProvider?.refreshGroups
  const allowed = inAnyGroup(userGroups, groups)
  const [rechecked, setRechecked] = useState(!refreshGroups)
  const mustRecheck = !isPending && !allowed && !rechecked

  useEffect(() => {
    if (!mustRecheck || !refreshGroups) return
    let live = true
    void refreshGroups()
      .catch(() => undefined)
      .then(() => refetch())
      .finally(() => {
        if (live) setRechecked(true)
      })
    return () => {
      live = false
    }
  }, [mustRecheck, refreshGroups, refetch])

  if (isPending || mustRecheck) return <LinearProgress aria-hidden="true" />
  return allowed ? children : <PermissionDenied />
}
