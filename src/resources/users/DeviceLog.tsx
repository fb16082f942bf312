import { Alert, Button, TableCell } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { AdminDevice } from '../../../contracts/admin/users'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { TableCard } from '../../ui/TableCard'
import { failureText } from '../common/ConfirmAction'
import { useAdminLoad } from '../common/useAdminLoad'

const T = 'aula.admin.users.devices'

/** The device tracking log (`GET /api/admin/users/device-tracking-log/{id}`), most recent first, more on demand. */
export function DeviceLog({ username }: { username: string }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const first = useAdminLoad(() => dataProvider.getUserDevices(username), username)
  const [more, setMore] = useState<{ items: AdminDevice[]; token: string | null; busy: boolean }>({ items: [], token: null, busy: false })
  const token = more.items.length > 0 ? more.token : (first.data?.paginationToken ?? null)
  const items = [...(first.data?.items ?? []), ...more.items]
  const loadMore = async () => {
    if (!token) return
    setMore((m) => ({ ...m, busy: true }))
    const page = await dataProvider.getUserDevices(username, token)
    setMore((m) => ({ items: [...m.items, ...page.items], token: page.paginationToken, busy: false }))
  }
  const when = (v: string | null) => (v ? formatDateTime(v) : '—')
  return (
    <TableCard
      title={translate(`${T}.title`)}
      failure={first.error ? <Alert severity="error">{failureText(first.error, translate('aula.admin.common.failed'))}</Alert> : null}
      rows={first.isPending && !first.data ? undefined : items}
      empty={translate(`${T}.empty`)}
      columns={[translate(`${T}.name`), translate(`${T}.status`), translate(`${T}.lastIp`), translate(`${T}.lastUsed`), translate(`${T}.firstSeen`)]}
      rowKey={(d) => d.key}
      cells={(d) => (
        <>
          <TableCell>{d.name ?? d.key}</TableCell>
          <TableCell>{d.status === 'remembered' ? translate(`${T}.remembered`) : d.status ? translate(`${T}.notRemembered`) : '—'}</TableCell>
          <TableCell>{d.lastIp ?? '—'}</TableCell>
          <TableCell>{when(d.lastAuthenticatedAt)}</TableCell>
          <TableCell>{when(d.createdAt)}</TableCell>
        </>
      )}
      footer={
        token && (
          <Button sx={{ mt: 1 }} onClick={loadMore} disabled={more.busy}>
            {translate(`${T}.more`)}
          </Button>
        )
      }
    />
  )
}
