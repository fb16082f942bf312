import { Alert, Link as MuiLink, TableCell } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { subscriptionState } from '../../../contracts/subscriptions'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { TableCard } from '../../ui/TableCard'
import { failureText } from '../common/ConfirmAction'
import { SubscriptionStatusChip } from '../common/StatusChips'
import { useAdminLoad } from '../common/useAdminLoad'

const T = 'aula.admin.users.subscriptions'
const S = 'aula.admin.subscriptions.columns'

/** The user's subscriptions (`GET /api/admin/users/subscriptions/{id}`), each linking to its detail screen. */
export function UserSubscriptions({ username }: { username: string }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, isPending } = useAdminLoad(() => dataProvider.getUserSubscriptionsOf(username), username)
  return (
    <TableCard
      title={translate(`${T}.title`)}
      failure={error ? <Alert severity="error">{failureText(error, translate('aula.admin.common.failed'))}</Alert> : null}
      rows={isPending && !data ? undefined : (data?.items ?? [])}
      empty={translate(`${T}.empty`)}
      columns={[translate(`${T}.course`), translate(`${T}.plan`), translate(`${S}.created`), translate(`${S}.expiration`), translate(`${S}.status`)]}
      rowKey={(s) => s.id}
      cells={(s) => (
        <>
          <TableCell>
            <MuiLink component={Link} to={`/admin/subscriptions/detail/${s.id}/${s.courseId}`}>
              {s.courseName}
            </MuiLink>
          </TableCell>
          <TableCell>{translate('aula.admin.subscriptions.detail.planValue', { name: s.planName, smart_count: s.durationDays })}</TableCell>
          <TableCell>{formatDateTime(s.createdAt)}</TableCell>
          <TableCell>{formatDateTime(subscriptionState(s.createdAt, s.durationDays, s.revokedAt).expiresAt)}</TableCell>
          <TableCell>
            <SubscriptionStatusChip {...s} />
          </TableCell>
        </>
      )}
    />
  )
}
