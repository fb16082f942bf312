import { LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { listDevices, type Device } from '../../authProvider/cognito'
import { ErrorDisplay } from '../ErrorDisplay'
import { formatDateTime } from '../formatDateTime'
import { useLoad } from '../useLoad'

const attribute = (device: Device, name: string) => device.DeviceAttributes.find((a) => a.Name === name)?.Value

/** Settings › devices: the devices the identity service remembers for this user (status, client, last IP). */
export function DevicesPane() {
  const translate = useTranslate()
  const { data, error, isPending } = useLoad(listDevices, 'devices')
  const T = 'aula.account.settings.devices'
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !data) return <ErrorDisplay error={error} />
  if (data.length === 0) return <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${T}.status`)}</TableCell>
            <TableCell>{translate(`${T}.client`)}</TableCell>
            <TableCell>{translate(`${T}.lastIp`)}</TableCell>
            <TableCell>{translate(`${T}.lastSeen`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((device) => {
            const remembered = attribute(device, 'device_remembered_status')
            const seen = device.DeviceLastAuthenticatedDate ?? device.DeviceLastModifiedDate
            return (
              <TableRow key={device.DeviceKey}>
                <TableCell>
                  {remembered === 'remembered'
                    ? translate(`${T}.remembered`)
                    : remembered === 'not_remembered'
                      ? translate(`${T}.notRemembered`)
                      : (attribute(device, 'device_status') ?? translate(`${T}.unknown`))}
                </TableCell>
                <TableCell>{attribute(device, 'device_name') ?? translate(`${T}.unknown`)}</TableCell>
                <TableCell>{attribute(device, 'last_ip_used') ?? translate(`${T}.unknown`)}</TableCell>
                <TableCell>{seen ? formatDateTime(new Date(seen * 1000)) : '—'}</TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
