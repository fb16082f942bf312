import { Paper, Stack, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, useChartColors, useChartData, useChartLocale } from '../../../ui/charts'
import { money } from '../format'
import type { AppDataProvider } from '../../../dataProvider'

const T = 'aula.monitoring.forecast'

/** This month's cost: so far, the projection to the month's end, and both day by day. */
export function ForecastPanel({ round }: { round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, panel } = useChartData(() => dataProvider.getCostForecast(), ['forecast'], { round })
  const currency = data?.currency ?? 'USD'
  const m = (v: number | string | null) => (v === null ? '—' : money(Number(v), currency, locale))
  const rows = (data?.days ?? []).map((d) => ({ day: d.day, actual: d.actual, projected: d.projected }))
  const label = (key: string) => translate(`${T}.${key}`)
  return (
    <Stack spacing={1.5}>
      {data && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }} role="group" aria-label={label('title')}>
          <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 12rem' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label('monthToDate')} · {translate(`${T}.days`, { elapsed: data.daysElapsed, total: data.daysInMonth })}
            </Typography>
            <Typography variant="h5" component="p" data-testid="forecast-mtd">
              {m(data.monthToDate)}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 12rem' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label('projected')} ({data.month}) · {translate(`aula.monitoring.cost.${data.modelled ? 'modelled' : 'billedSource'}`)}
            </Typography>
            <Typography variant="h5" component="p" data-testid="forecast-projected">
              {m(data.projected)}
            </Typography>
          </Paper>
        </Stack>
      )}
      <ChartPanel
        title={label('title')}
        description={label('description')}
        {...panel}
        rows={rows}
        columns={[
          { key: 'day', label: label('day') },
          { key: 'actual', label: label('actual'), format: m },
          { key: 'projected', label: label('projection'), format: m },
        ]}
        csvName={`forecast-${data?.month ?? 'month'}`}
      >
        <LineChart data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="day" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} tickFormatter={(d: string) => d.slice(8)} minTickGap={8} />
          <YAxis stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} width={72} tickFormatter={(v: number) => money(v, currency, locale)} />
          <Tooltip contentStyle={colors.tooltip} formatter={(v) => m(Number(v))} />
          <Legend />
          <Line type="monotone" dataKey="actual" name={label('actual')} stroke={colors.series[0]} strokeWidth={2} dot={false} connectNulls={false} />
          <Line
            type="monotone"
            dataKey="projected"
            name={label('projection')}
            stroke={colors.series[1 % colors.series.length]}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
          />
        </LineChart>
      </ChartPanel>
    </Stack>
  )
}
