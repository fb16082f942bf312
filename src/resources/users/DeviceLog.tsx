import { Alert, Button, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { AdminDevice } from '../../../contracts/admin/users'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { Scroll } from '../common/Scroll'
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
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.title`)}
        </Typography>
        {first.error ? (
          <Alert severity="error">{failureText(first.error, translate('aula.admin.common.failed'))}</Alert>
        ) : first.isPending && !first.data ? (
          <LinearProgress aria-hidden="true" />
        ) : items.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
        ) : (
          <Scroll>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.name`)}</TableCell>
                  <TableCell>{translate(`${T}.status`)}</TableCell>
                  <TableCell>{translate(`${T}.lastIp`)}</TableCell>
                  <TableCell>{translate(`${T}.lastUsed`)}</TableCell>
                  <TableCell>{translate(`${T}.firstSeen`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((d) => (
                  <TableRow key={d.key}>
                    <TableCell>{d.name ?? d.key}</TableCell>
                    <TableCell>{d.status === 'remembered' ? translate(`${T}.remembered`) : d.status ? translate(`${T}.notRemembered`) : '—'}</TableCell>
                    <TableCell>{d.lastIp ?? '—'}</TableCell>
                    <TableCell>{when(d.lastAuthenticatedAt)}</TableCell>
                    <TableCell>{when(d.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        )}
        {token && (
          <Button sx={{ mt: 1 }} onClick={loadMore} disabled={more.busy}>
            {translate(`${T}.more`)}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
