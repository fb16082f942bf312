import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { useId, useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, formatNumber, useChartColors, useChartData, useChartLocale } from '../../../ui/charts'
import { countryName } from '../format'
import type { AppDataProvider } from '../../../dataProvider'

const T = 'aula.monitoring.realtime'

/** The windows offered, in minutes. */
const WINDOWS = [5, 15, 30] as const

/** How many countries the chart names (the table view and the CSV have them all). */
const TOP_COUNTRIES = 15

/** Users and requests by country over the last few minutes; real time, so it refreshes by itself. */
export function RealtimePanel({ round }: { round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const [minutes, setMinutes] = useState<(typeof WINDOWS)[number]>(5)
  // Real time: the figures refresh by themselves every 30 seconds while the screen is open.
  const { data, panel } = useChartData(() => dataProvider.getRealtimeUsers(minutes), ['realtime', minutes], { round, refreshEvery: 30_000 })
  const label = (key: string) => translate(`${T}.${key}`)
  const rows = (data?.countries ?? []).map((c) => ({
    country: c.country ? countryName(c.country, locale) : label('unknown'),
    code: c.country ?? '',
    users: c.users,
    requests: c.requests,
  }))
  const windowId = useId()
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={windowId} variant="body2">
          {label('window')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={minutes}
          aria-labelledby={windowId}
          onChange={(_, v: (typeof WINDOWS)[number] | null) => v && setMinutes(v)}
        >
          {WINDOWS.map((w) => (
            <ToggleButton key={w} value={w}>
              {translate(`${T}.minutes`, { smart_count: w })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {data && (
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {translate(`${T}.summary`, { users: formatNumber(data.users, locale), requests: formatNumber(data.requests, locale) })} · {label('auto')}
          </Typography>
        )}
      </Stack>
      <ChartPanel
        title={label('title')}
        description={translate(`${T}.description`, { minutes })}
        {...panel}
        rows={rows}
        columns={[
          { key: 'country', label: label('country') },
          { key: 'code', label: label('code') },
          { key: 'users', label: label('users') },
          { key: 'requests', label: label('requests') },
        ]}
        csvName="realtime-users-by-country"
        height={Math.max(200, Math.min(rows.length, TOP_COUNTRIES) * 36 + 60)}
      >
        <BarChart data={rows.slice(0, TOP_COUNTRIES)} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid stroke={colors.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} stroke={colors.axis} tick={{ fill: colors.axis }} />
          <YAxis type="category" dataKey="country" width={130} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} interval={0} />
          <Tooltip contentStyle={colors.tooltip} />
          <Legend />
          <Bar maxBarSize={40} dataKey="users" name={label('users')} fill={colors.series[0]} />
        </BarChart>
      </ChartPanel>
    </Stack>
  )
}
