import { Alert, Card, CardContent, LinearProgress, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { subscriptionState } from '../../../contracts/subscriptions'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { Scroll } from '../common/Scroll'
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
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.title`)}
        </Typography>
        {error ? (
          <Alert severity="error">{failureText(error, translate('aula.admin.common.failed'))}</Alert>
        ) : isPending && !data ? (
          <LinearProgress aria-hidden="true" />
        ) : !data || data.items.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
        ) : (
          <Scroll>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.course`)}</TableCell>
                  <TableCell>{translate(`${T}.plan`)}</TableCell>
                  <TableCell>{translate(`${S}.created`)}</TableCell>
                  <TableCell>{translate(`${S}.expiration`)}</TableCell>
                  <TableCell>{translate(`${S}.status`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((s) => (
                  <TableRow key={s.id}>
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
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        )}
      </CardContent>
    </Card>
  )
}
