import { LinearProgress } from '@mui/material'
import type { ReactNode } from 'react'
import type { Group } from '../../../contracts/groups'
import { inAnyGroup, useGroups } from './groups'
import { PermissionDenied } from './PermissionDenied'

/**
 * Shows `children` only to members of one of `groups`; everyone else signed in sees the
 * permission-denied screen. Wrap each group-gated route's element with it in App.tsx.
 */
export function GroupGate({ groups, children }: { groups: readonly Group[]; children: ReactNode }) {
  const { groups: userGroups, isPending } = useGroups()
  if (isPending) return <LinearProgress aria-hidden="true" />
  return inAnyGroup(userGroups, groups) ? children : <PermissionDenied />
}
