import { Alert, Grid, LinearProgress, Stack } from '@mui/material'
import { useGetOne, useTranslate } from 'react-admin'
import { useParams } from 'react-router-dom'
import type { AdminUser } from '../../../contracts/admin/users'
import { AdminPage } from '../common/AdminPage'
import { failureText } from '../common/ConfirmAction'
import { DeviceLog } from './DeviceLog'
import { SupportActions } from './SupportActions'
import { UserAttributes } from './UserAttributes'
import { UserBadges } from './UserBadges'
import { UserGroupsEditor } from './UserGroupsEditor'
import { UserSubscriptions } from './UserSubscriptions'

const T = 'aula.admin.users'

/**
 * `/admin/users/update/{username}/{email}`: the user's attributes and badges, the support actions,
 * the groups editor, the device tracking log and the user's subscriptions.
 */
export function UserUpdate() {
  const translate = useTranslate()
  const { username = '', email = '' } = useParams()
  const { data: user, error, isPending, refetch } = useGetOne<AdminUser & { id: string }>('admin/users', { id: username })
  const crumbs = [{ label: translate(`${T}.crumb`), to: '/admin/users' }, { label: user?.email ?? email }]
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !user) {
    return (
      <AdminPage title={email} crumbs={crumbs}>
        <Alert severity="error">{failureText(error, translate('aula.admin.common.failed'))}</Alert>
      </AdminPage>
    )
  }
  return (
    <AdminPage title={user.name ? `${user.name} · ${user.email}` : user.email} crumbs={crumbs} actions={<UserBadges user={user} />}>
      <Stack spacing={2}>
        <SupportActions user={user} onChange={() => refetch()} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <UserAttributes user={user} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <UserGroupsEditor username={user.username} />
          </Grid>
        </Grid>
        <UserSubscriptions username={user.username} />
        <DeviceLog username={user.username} />
      </Stack>
    </AdminPage>
  )
}
