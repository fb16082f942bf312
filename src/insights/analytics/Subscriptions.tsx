import { Stack } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, formatNumber, useChartColors, useChartLocale, type DateRange } from '../../ui/charts'
import { useIntervalSeries } from './useIntervalSeries'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.monitoring.analytics'

/** Subscriptions created and revoked in each bucket, and how many were active at its end. */
export function Subscriptions({ range }: { range: DateRange }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, panel, picker } = useIntervalSeries('subscriptions', range, dataProvider.getSubscriptionSeries, (d) =>
    d.series.every((p) => p.created === 0 && p.revoked === 0 && p.active === 0),
  )
  const rows = data?.series ?? []
  const label = (k: string) => translate(`${T}.subscriptions.${k}`)
  return (
    <Stack spacing={2}>
      {picker}
      <ChartPanel
        title={label('title')}
        description={
          data
            ? translate(`${T}.subscriptions.description`, {
                created: formatNumber(data.totals.created, locale),
                revoked: formatNumber(data.totals.revoked, locale),
                active: formatNumber(data.totals.activeAtEnd, locale),
              })
            : undefined
        }
        {...panel}
        rows={rows}
        columns={[
          { key: 'period', label: translate(`${T}.period`) },
          { key: 'created', label: label('created') },
          { key: 'revoked', label: label('revoked') },
          { key: 'active', label: label('active') },
        ]}
        csvName={`subscriptions-${range.from}-${range.to}`}
      >
        <ComposedChart data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="period" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} width={48} />
          <Tooltip contentStyle={colors.tooltip} />
          <Legend />
          <Bar maxBarSize={40} dataKey="created" name={label('created')} fill={colors.series[0]} />
          <Bar maxBarSize={40} dataKey="revoked" name={label('revoked')} fill={colors.series[2 % colors.series.length]} />
          <Line type="monotone" dataKey="active" name={label('active')} stroke={colors.series[1 % colors.series.length]} strokeWidth={2} dot={false} />
        </ComposedChart>
      </ChartPanel>
    </Stack>
  )
}
