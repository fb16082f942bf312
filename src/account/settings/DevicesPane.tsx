import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material'
import { useTranslate } from 'react-admin'
import { listDevices, type Device } from '../../authProvider/cognito'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { describeUserAgent } from './userAgent'

const T = 'aula.account.settings.devices'

const attribute = (device: Device, ...names: string[]) =>
  names.map((name) => device.DeviceAttributes.find((a) => a.Name === name)?.Value).find((value) => value !== undefined)

/** One device as the pane shows it: every value already translated or formatted. */
interface DeviceRow {
  key: string
  status: string
  client: string
  /** The full user agent, for the tooltip. */
  clientDetail?: string
  lastIp: string
  lastSeen: string
}

/** Settings › devices: the devices the identity service remembers for this user (status, client, last IP). */
export function DevicesPane() {
  const translate = useTranslate()
  const dates = useDateFormat()
  // Phones get one card per device: a four-column table does not fit 390 px.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })
  const { data, error, isPending } = useLoad(listDevices, 'devices')
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !data) return <ErrorDisplay error={error} />
  if (data.length === 0) return <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
  const rows = data.map((device) => rowOf(device, translate, dates.dateTime))
  const heading = { status: translate(`${T}.status`), client: translate(`${T}.client`), lastIp: translate(`${T}.lastIp`), lastSeen: translate(`${T}.lastSeen`) }
  if (compact) {
    return (
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <Card key={row.key} variant="outlined" component="li">
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} title={row.clientDetail}>
                {row.client}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                  mt: 1,
                  '& dd': { m: 0, overflowWrap: 'anywhere' },
                  '& dt': { color: 'text.secondary' },
                }}
              >
                <dt>{heading.status}</dt>
                <dd>{row.status}</dd>
                <dt>{heading.lastIp}</dt>
                <dd>{row.lastIp}</dd>
                <dt>{heading.lastSeen}</dt>
                <dd>{row.lastSeen}</dd>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    )
  }
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{heading.status}</TableCell>
            <TableCell>{heading.client}</TableCell>
            <TableCell>{heading.lastIp}</TableCell>
            <TableCell>{heading.lastSeen}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.status}</TableCell>
              <TableCell title={row.clientDetail}>{row.client}</TableCell>
              <TableCell>{row.lastIp}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.lastSeen}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

function rowOf(device: Device, translate: (key: string, options?: Record<string, unknown>) => string, dateTime: (d: Date) => string): DeviceRow {
  const unknown = translate(`${T}.unknown`)
  // Amazon Cognito names the remembered flag `dev:device_remembered_status`; older answers drop the prefix.
  const remembered = attribute(device, 'dev:device_remembered_status', 'device_remembered_status')
  const valid = attribute(device, 'device_status') === 'valid'
  const status =
    remembered === 'remembered'
      ? translate(`${T}.remembered`)
      : remembered === 'not_remembered'
        ? translate(`${T}.notRemembered`)
        : valid
          ? translate(`${T}.active`)
          : unknown
  const agent = attribute(device, 'device_name')?.trim()
  // A user agent has product/version tokens; any other name (set by hand) is shown as it is.
  const described = agent?.includes('/') ? describeUserAgent(agent) : null
  const client = described
    ? described.browser && described.os
      ? translate(`${T}.browserOn`, { browser: described.browser, os: described.os })
      : (described.browser ?? described.os ?? unknown)
    : agent || unknown
  const seen = device.DeviceLastAuthenticatedDate ?? device.DeviceLastModifiedDate
  return {
    key: device.DeviceKey,
    status,
    client,
    clientDetail: agent && agent !== client ? agent : undefined,
    lastIp: attribute(device, 'last_ip_used') ?? unknown,
    lastSeen: seen ? dateTime(new Date(seen * 1000)) : '—',
  }
}
