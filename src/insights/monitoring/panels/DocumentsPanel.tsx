import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, formatNumber, useChartColors, useChartData, useChartLocale } from '../../../ui/charts'
import type { AppDataProvider } from '../../../dataProvider'

const T = 'aula.monitoring.documents'

/** How many tables the chart names (the table view and the CSV have them all). */
const TOP_TABLES = 12

/** Records per database table, largest first. */
export function DocumentsPanel({ round }: { round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, panel } = useChartData(() => dataProvider.getStoredDocuments(), ['documents'], { round })
  const rows = data ? [...data.tables].sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table)) : []
  return (
    <ChartPanel
      title={translate(`${T}.title`)}
      description={data ? translate(`${T}.description`, { count: TOP_TABLES, total: formatNumber(data.total, locale) }) : undefined}
      {...panel}
      rows={rows}
      columns={[
        { key: 'table', label: translate(`${T}.table`) },
        { key: 'rows', label: translate(`${T}.rows`) },
      ]}
      csvName="documents-per-table"
      height={360}
    >
      <BarChart data={rows.slice(0, TOP_TABLES)} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={colors.grid} horizontal={false} />
        <XAxis
          type="number"
          stroke={colors.axis}
          tick={{ fill: colors.axis }}
          tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })}
        />
        <YAxis type="category" dataKey="table" width={170} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 11 }} interval={0} />
        <Tooltip contentStyle={colors.tooltip} formatter={(v) => formatNumber(Number(v), locale)} />
        <Bar maxBarSize={40} dataKey="rows" name={translate(`${T}.rows`)} fill={colors.series[0]} />
      </BarChart>
    </ChartPanel>
  )
}
