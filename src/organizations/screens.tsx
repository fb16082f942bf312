import { LinearProgress } from '@mui/material'
import { Suspense, use, type ReactNode } from 'react'
import { useParams } from 'react-router-dom'
import { organizationScreenHost, screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { loadOrganizationTexts } from '../i18n'
import { NotFound } from '../layout/NotFound'
import { OrganizationPage } from './OrganizationPage'

let ready: Promise<void> | null = null

/** Draws its children once the organisation managers' texts are part of the current catalogue. */
function WithOrganizationTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadOrganizationTexts()))
  return children
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
    // The organisation's group (named as its domain) and administrators.
    <GroupGate groups={[domain, 'admin']}>
      <Suspense fallback={<LinearProgress aria-hidden="true" />}>
        <WithOrganizationTexts>
          <OrganizationPage host={domain} />
        </WithOrganizationTexts>
      </Suspense>
    </GroupGate>
  )
}
