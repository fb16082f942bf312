import { LinearProgress } from '@mui/material'
import { Suspense, use, useEffect, useState, type ReactNode } from 'react'
import { useAuthProvider } from 'react-admin'
import { useParams } from 'react-router-dom'
import { organizationScreenHost, screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { loadOrganizationTexts } from '../i18n'
import { useGroups } from '../layout/access/groups'
import { PermissionDenied } from '../layout/access/PermissionDenied'
import { NotFound } from '../layout/NotFound'
import { OrganizationPage } from './OrganizationPage'

let ready: Promise<void> | null = null

/** Draws its children once the organisation managers' texts are part of the current catalogue. */
function WithOrganizationTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadOrganizationTexts()))
  return children
}

/**
 * Shows the screen to the members of the organisation's group (named as its domain) and to
 * administrators. Like `GroupGate`, asks once for fresh groups before refusing: an administrator may
 * just have added the user to the group.
 */
function ManagerGate({ host, children }: { host: string; children: ReactNode }) {
  const { groups, isPending, refetch } = useGroups()
  const authProvider = useAuthProvider()
  const refreshGroups: (() => Promise<void>) | undefined = authProvider?.refreshGroups
  const allowed = groups.includes(host) || groups.includes('admin')
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

/** `/admin/{host}`: the organisation managers' screen (decision 0038). */
export function OrganizationScreen() {
  const { host = '' } = useParams()
  const domain = organizationScreenHost(`/admin/${host}`)
  // Any other `/admin/{name}` no screen claims: as the shell's fallback, permission first, then not found.
  if (!domain)
    return (
      <GroupGate groups={screenGroups(`/admin/${host}`) ?? ['admin']}>
        <NotFound />
      </GroupGate>
    )
  return (
    <ManagerGate host={domain}>
      <Suspense fallback={<LinearProgress aria-hidden="true" />}>
        <WithOrganizationTexts>
          <OrganizationPage host={domain} />
        </WithOrganizationTexts>
      </Suspense>
    </ManagerGate>
  )
}
