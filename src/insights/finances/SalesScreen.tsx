import { Stack, useMediaQuery, type Theme } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import type { CourseSales, PlanSales } from '../../../contracts/insights/finances'
import { ChartPanel, formatMoney, formatNumber, useChartColors, useChartData, useChartLocale, type ChartColumn, type ChartRow } from '../../ui/charts'
import { FinanceFilters, FinanceFrame, useFinanceQuery } from './FinanceFrame'
import { pivotByCurrency, revenueKey, salesKey, seriesRows, shortLabel } from './rows'
import { SalesList } from './SalesList'
import type { AppDataProvider } from '../../dataProvider'

/** How many courses or plans the bar charts show (largest revenue first; the server says when there are more). */
const BREAKDOWN_LIMIT = 15

/**
 * /admin/finances/sales: sales over time (per day, week or month, one line per currency), by course,
 * by plan, and the list of sales; the period, bucket and currency live in the address.
 */
export function SalesScreen() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const { period, interval, currency, setInterval, setCurrency } = useFinanceQuery()
  const filter = { ...period.value, currency }
  const key = JSON.stringify(filter)
  const series = useChartData(() => dataProvider.getSalesSeries(filter, interval), ['series', key, interval])
  const byCourse = useChartData(() => dataProvider.getSalesByCourse(filter, BREAKDOWN_LIMIT), ['by-course', key])
  const byPlan = useChartData(() => dataProvider.getSalesByPlan(filter, BREAKDOWN_LIMIT), ['by-plan', key])
  // The currencies offered: those sold in the period (the series lists them), and the one chosen.
  const sold = series.data?.currencies ?? []
  const options = currency && !sold.includes(currency) ? [...sold, currency].sort() : sold

  const money = (c: string) => (v: string | number | null) => (v === null ? '—' : formatMoney(Number(v), c, locale))
  const count = (v: string | number | null) => (v === null ? '—' : formatNumber(Number(v), locale))
  const perCurrency = (currencies: string[]): ChartColumn[] =>
    currencies.flatMap((c) => [
      { key: revenueKey(c), label: translate('aula.finances.columns.revenueIn', { currency: c }), format: money(c) },
      { key: salesKey(c), label: translate('aula.finances.columns.salesIn', { currency: c }), format: count },
    ])

  const timeRows = series.data ? seriesRows(series.data, locale) : []
  const timeCurrencies = series.data?.currencies ?? []
  const course = pivotByCurrency<CourseSales>(
    byCourse.data?.items ?? [],
    (i) => i.courseId,
    (i) => i.courseName,
  )
  const plan = pivotByCurrency<PlanSales>(
    byPlan.data?.items ?? [],
    (i) => `${i.courseId} ${i.planId ?? i.planName}`,
    (i) => `${i.planName} · ${i.courseName}`,
  )
  const truncated = (more: boolean | undefined) => (more ? translate('aula.finances.sales.truncated', { smart_count: BREAKDOWN_LIMIT }) : undefined)

  return (
    <FinanceFrame title={translate('aula.finances.sales.title')} titleId="finance-sales-title">
      <FinanceFilters
        period={period}
        interval={{ value: interval, onChange: setInterval }}
        currency={{ value: currency, options, onChange: setCurrency, allowAll: true }}
      />
      <Stack sx={{ gap: 3 }}>
        <ChartPanel
          title={translate('aula.finances.sales.overTime')}
          description={translate('aula.finances.sales.overTimeHint')}
          {...series.panel}
          empty={timeCurrencies.length === 0}
          rows={timeRows}
          columns={[{ key: 'period', label: translate('aula.finances.columns.period') }, ...perCurrency(timeCurrencies)]}
          csvName={`sales-${period.value.from}-${period.value.to}-${interval}`}
        >
          <TimeChart rows={timeRows} currencies={timeCurrencies} locale={locale} />
        </ChartPanel>
        <ChartPanel
          title={translate('aula.finances.sales.byCourse')}
          description={truncated(byCourse.data?.truncated) ?? translate('aula.finances.sales.byCourseHint')}
          {...byCourse.panel}
          rows={course.rows}
          columns={[{ key: 'name', label: translate('aula.finances.columns.course') }, ...perCurrency(course.currencies)]}
          csvName={`sales-by-course-${period.value.from}-${period.value.to}`}
          height={barHeight(course.rows.length)}
        >
          <BreakdownChart rows={course.rows} currencies={course.currencies} locale={locale} />
        </ChartPanel>
        <ChartPanel
          title={translate('aula.finances.sales.byPlan')}
          description={truncated(byPlan.data?.truncated) ?? translate('aula.finances.sales.byPlanHint')}
          {...byPlan.panel}
          rows={plan.rows}
          columns={[{ key: 'name', label: translate('aula.finances.columns.plan') }, ...perCurrency(plan.currencies)]}
          csvName={`sales-by-plan-${period.value.from}-${period.value.to}`}
          height={barHeight(plan.rows.length)}
        >
          <BreakdownChart rows={plan.rows} currencies={plan.currencies} locale={locale} />
        </ChartPanel>
        <SalesList filter={filter} />
      </Stack>
    </FinanceFrame>
  )
}

const barHeight = (rows: number) => Math.max(220, rows * 44 + 80)

/** Revenue per bucket, one line per currency (each line its currency's own amounts). */
function TimeChart({ rows, currencies, locale }: { rows: ChartRow[]; currencies: string[]; locale: string }) {
  const colors = useChartColors()
  return (
    <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid stroke={colors.grid} />
      <XAxis dataKey="label" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} minTickGap={16} />
      <YAxis
        stroke={colors.axis}
        tick={{ fill: colors.axis, fontSize: 12 }}
        tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })}
        width={56}
      />
      <Tooltip contentStyle={colors.tooltip} formatter={(value, name) => [formatMoney(Number(value), String(name), locale), String(name)]} />
      <Legend />
      {currencies.map((c, i) => (
        <Line
          key={c}
          type="linear"
          dataKey={revenueKey(c)}
          name={c}
          stroke={colors.series[i % colors.series.length]}
          strokeWidth={2}
          dot={rows.length <= 31}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  )
}

/** Revenue per course or plan, one bar per currency, largest first. */
function BreakdownChart({ rows, currencies, locale }: { rows: ChartRow[]; currencies: string[]; locale: string }) {
  const colors = useChartColors()
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  return (
    <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid stroke={colors.grid} horizontal={false} />
      <XAxis
        type="number"
        stroke={colors.axis}
        tick={{ fill: colors.axis, fontSize: 12 }}
        tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })}
      />
      <YAxis
        type="category"
        dataKey="name"
        stroke={colors.axis}
        tick={{ fill: colors.axis, fontSize: 12 }}
        width={phone ? 96 : 150}
        tickFormatter={(v: string) => shortLabel(v, phone ? 14 : 22)}
      />
      <Tooltip contentStyle={colors.tooltip} formatter={(value, name) => [formatMoney(Number(value), String(name), locale), String(name)]} />
      <Legend />
      {currencies.map((c, i) => (
        <Bar key={c} dataKey={revenueKey(c)} name={c} fill={colors.series[i % colors.series.length]} maxBarSize={36} isAnimationActive={false} />
      ))}
    </BarChart>
  )
}
