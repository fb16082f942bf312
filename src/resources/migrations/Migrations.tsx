import { Alert, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { Scroll } from '../../ui/Scroll'
import { failureText } from '../common/ConfirmAction'
import { useAdminLoad } from '../common/useAdminLoad'

const T = 'aula.admin.migrations'

/** `/admin/support/migrations`: the database migrations applied (name, time) and any pending, from the server. */
export function Migrations() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, isPending } = useAdminLoad(() => dataProvider.getMigrations(), 'migrations')
  return (
    <AdminPage title={translate(`${T}.title`)} crumbs={[{ label: translate(`${T}.crumb`) }, { label: translate(`${T}.title`) }]}>
      {error ? (
        <Alert severity="error">{failureText(error, translate('aula.admin.common.failed'))}</Alert>
      ) : isPending || !data ? (
        <LinearProgress aria-hidden="true" />
      ) : (
        <>
          <Alert severity={data.pending.length ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
            {data.pending.length
              ? translate(`${T}.pendingCount`, { smart_count: data.pending.length })
              : translate(`${T}.upToDate`, { smart_count: data.applied.length })}
          </Alert>
          {data.pending.length > 0 && (
            <Card variant="outlined" sx={{ mb: 2 }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {translate(`${T}.pending`)}
                </Typography>
                <Scroll>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate(`${T}.version`)}</TableCell>
                        <TableCell>{translate(`${T}.name`)}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.pending.map((m) => (
                        <TableRow key={m.version}>
                          <TableCell>{m.version}</TableCell>
                          <TableCell sx={{ fontFamily: 'monospace' }}>{m.name}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Scroll>
              </CardContent>
            </Card>
          )}
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate(`${T}.applied`)}
              </Typography>
              <Scroll>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate(`${T}.version`)}</TableCell>
                      <TableCell>{translate(`${T}.name`)}</TableCell>
                      <TableCell>{translate(`${T}.appliedAt`)}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.applied.map((m) => (
                      <TableRow key={m.version}>
                        <TableCell>{m.version}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{m.name}</TableCell>
                        <TableCell>{formatDateTime(m.appliedAt)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Scroll>
            </CardContent>
          </Card>
        </>
      )}
    </AdminPage>
  )
}
