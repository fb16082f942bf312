import { Stack } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, formatNumber, useChartColors, useChartLocale, type DateRange } from '../../ui/charts'
import { useIntervalSeries } from './useIntervalSeries'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.monitoring.analytics'

/** Learners active in each bucket of the period. */
export function ActiveLearners({ range }: { range: DateRange }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, panel, picker } = useIntervalSeries('active-learners', range, dataProvider.getActiveLearners, (d) => d.series.every((p) => p.learners === 0))
  const rows = data?.series ?? []
  return (
    <Stack spacing={2}>
      {picker}
      <ChartPanel
        title={translate(`${T}.activeLearners.title`)}
        description={data ? translate(`${T}.activeLearners.description`, { total: formatNumber(data.total, locale) }) : undefined}
        {...panel}
        rows={rows}
        columns={[
          { key: 'period', label: translate(`${T}.period`) },
          { key: 'learners', label: translate(`${T}.activeLearners.learners`) },
        ]}
        csvName={`active-learners-${range.from}-${range.to}`}
      >
        <LineChart data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="period" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} width={48} />
          <Tooltip contentStyle={colors.tooltip} />
          <Legend />
          <Line
            type="monotone"
            dataKey="learners"
            name={translate(`${T}.activeLearners.learners`)}
            stroke={colors.series[0]}
            strokeWidth={2}
            dot={rows.length <= 31}
          />
        </LineChart>
      </ChartPanel>
    </Stack>
  )
}
