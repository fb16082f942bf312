import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, formatNumber, useChartColors, useChartData, useChartLocale, type DateRange } from '../../ui/charts'
import { percent } from '../monitoring/format'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.monitoring.analytics.completion'

/** How many courses the chart names (the table view and the CSV have them all). */
const TOP_COURSES = 20

/** Per course: how many finished it and passed its exams, as counts and rates. */
export function Completion({ range }: { range: DateRange }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, panel } = useChartData(() => dataProvider.getCompletion(range), ['completion', range.from, range.to])
  const label = (k: string) => translate(`${T}.${k}`)
  const rows = (data?.courses ?? []).map((c) => ({ ...c }))
  const chart = rows.map((c) => ({
    name: c.name,
    completionRate: c.completionRate === null ? null : Math.round(c.completionRate * 1000) / 10,
    passRate: c.passRate === null ? null : Math.round(c.passRate * 1000) / 10,
  }))
  const rate = (v: string | number | null) => percent(v === null ? null : Number(v), locale)
  return (
    <ChartPanel
      title={label('title')}
      description={label('description')}
      {...panel}
      rows={rows}
      columns={[
        { key: 'name', label: label('course') },
        { key: 'enrolled', label: label('enrolled') },
        { key: 'completed', label: label('completed') },
        { key: 'completionRate', label: label('completionRate'), format: rate },
        { key: 'attempted', label: label('attempted') },
        { key: 'passed', label: label('passed') },
        { key: 'passRate', label: label('passRate'), format: rate },
        { key: 'certificates', label: label('certificates') },
      ]}
      csvName={`completion-${range.from}-${range.to}`}
      height={Math.max(240, Math.min(chart.length, TOP_COURSES) * 44 + 80)}
    >
      <BarChart data={chart.slice(0, TOP_COURSES)} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={colors.grid} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit=" %" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} />
        <YAxis type="category" dataKey="name" width={140} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} interval={0} />
        <Tooltip contentStyle={colors.tooltip} formatter={(v) => (v === null || v === undefined ? '—' : `${formatNumber(Number(v), locale)} %`)} />
        <Legend />
        <Bar maxBarSize={40} dataKey="completionRate" name={label('completionRate')} fill={colors.series[0]} />
        <Bar maxBarSize={40} dataKey="passRate" name={label('passRate')} fill={colors.series[1 % colors.series.length]} />
      </BarChart>
    </ChartPanel>
  )
}
