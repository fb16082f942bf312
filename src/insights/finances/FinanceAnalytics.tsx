import { Box, Skeleton, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useLoad } from '../../ui/useLoad'
import { ChartPanel, formatMoney, formatNumber, useChartColors, useChartData, useChartLocale, type ChartRow } from '../../ui/charts'
import { FinanceFilters, FinanceFrame, useFinanceQuery } from './FinanceFrame'
import { periodLabel } from './rows'
import type { AppDataProvider } from '../../dataProvider'

/** Courses the share chart names; the rest are one "other courses" slice. */
const SHARE_SLICES = 6

/**
 * /admin/finances/analytics: revenue by month, average price by month, each course's share of the
 * revenue, and sales against revenue — each for one currency (amounts in different currencies are
 * never added), by default the one with the most revenue in the period.
 */
export function FinanceAnalytics() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { period, currency: asked, setCurrency } = useFinanceQuery('thisYear')
  const range = period.value
  const totals = useLoad(() => dataProvider.getSalesTotals(range), JSON.stringify(range))
  const sold = totals.data?.currencies.map((c) => c.currency) ?? []
  const currency = asked || sold[0] || ''
  const options = currency && !sold.includes(currency) ? [...sold, currency].sort() : [...sold].sort()

  let content
  if (totals.error) content = <ErrorDisplay error={totals.error} />
  else if (totals.isPending) content = <Skeleton variant="rounded" height={300} aria-label={translate('ra.page.loading')} />
  else if (!currency) content = <Typography color="text.secondary">{translate('aula.finances.analytics.noCurrency')}</Typography>
  else
    content = (
      <CurrencyCharts
        from={range.from}
        to={range.to}
        currency={currency}
        courseRevenue={totals.data?.currencies.find((c) => c.currency === currency)?.revenue ?? 0}
      />
    )

  return (
    <FinanceFrame title={translate('aula.finances.analytics.title')} titleId="finance-analytics-title">
      <FinanceFilters period={period} currency={options.length ? { value: currency, options, onChange: setCurrency, allowAll: false } : undefined} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.finances.analytics.currencyHint')}
      </Typography>
      {content}
    </FinanceFrame>
  )
}

function CurrencyCharts({ from, to, currency, courseRevenue }: { from: string; to: string; currency: string; courseRevenue: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const filter = { from, to, currency }
  const key = JSON.stringify(filter)
  // A month without sales has nothing to draw in any of the monthly charts.
  const monthly = useChartData(() => dataProvider.getSalesSeries(filter, 'month'), ['monthly', key], { isEmpty: (d) => d.points.every((p) => p.sales === 0) })
  const courses = useChartData(() => dataProvider.getSalesByCourse(filter, SHARE_SLICES), ['share', key])

  const money = (v: string | number | null) => (v === null ? '—' : formatMoney(Number(v), currency, locale))
  const count = (v: string | number | null) => (v === null ? '—' : formatNumber(Number(v), locale))
  const percent = (v: string | number | null) => (v === null ? '—' : formatNumber(Number(v), locale, { style: 'percent', maximumFractionDigits: 1 }))
  const compact = (v: number) => formatNumber(v, locale, { notation: 'compact' })
  const axis = { stroke: colors.axis, tick: { fill: colors.axis, fontSize: 12 } }
  const name = (key: string) => translate(`aula.finances.columns.${key}`)

  const months: ChartRow[] = (monthly.data?.points ?? []).map((p) => ({
    period: p.period,
    label: periodLabel(p.period, 'month', locale),
    revenue: p.revenue,
    sales: p.sales,
    // No sales in a month: no average (a gap in the line), not an average of zero.
    average: p.sales > 0 ? Math.round((p.revenue / p.sales) * 100) / 100 : null,
  }))
  const monthColumns = {
    period: { key: 'period', label: name('period') },
    revenue: { key: 'revenue', label: translate('aula.finances.columns.revenueIn', { currency }), format: money },
    sales: { key: 'sales', label: name('sales'), format: count },
    average: { key: 'average', label: translate('aula.finances.columns.averageIn', { currency }), format: money },
  }

  // The share: the largest courses, and the rest of the period's revenue as one slice.
  const items = courses.data?.items ?? []
  const shown = items.slice(0, SHARE_SLICES - (courses.data?.truncated ? 1 : 0))
  const rest = Math.round((courseRevenue - shown.reduce((s, i) => s + i.revenue, 0)) * 100) / 100
  const share: ChartRow[] = [
    ...shown.map((i) => ({ name: i.courseName, revenue: i.revenue, sales: i.sales, share: courseRevenue ? i.revenue / courseRevenue : 0 })),
    ...(courses.data?.truncated && rest > 0
      ? [{ name: translate('aula.finances.analytics.other'), revenue: rest, sales: null, share: rest / courseRevenue }]
      : []),
  ]
  const c = { currency }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <ChartPanel
        title={translate('aula.finances.analytics.revenueByMonth')}
        description={translate('aula.finances.analytics.revenueByMonthHint', c)}
        {...monthly.panel}
        rows={months}
        columns={[monthColumns.period, monthColumns.revenue]}
        csvName={`revenue-by-month-${currency}-${from}-${to}`}
      >
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" {...axis} />
          <YAxis {...axis} tickFormatter={compact} width={56} />
          <Tooltip contentStyle={colors.tooltip} formatter={(v) => [money(Number(v)), translate('aula.finances.columns.revenue')]} />
          <Bar dataKey="revenue" name={translate('aula.finances.columns.revenue')} fill={colors.series[0]} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      <ChartPanel
        title={translate('aula.finances.analytics.averagePrice')}
        description={translate('aula.finances.analytics.averagePriceHint', c)}
        {...monthly.panel}
        rows={months}
        columns={[monthColumns.period, monthColumns.average, monthColumns.sales]}
        csvName={`average-price-${currency}-${from}-${to}`}
      >
        <LineChart data={months} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={colors.grid} />
          <XAxis dataKey="label" {...axis} />
          <YAxis {...axis} tickFormatter={compact} width={56} />
          <Tooltip contentStyle={colors.tooltip} formatter={(v) => [money(Number(v)), translate('aula.finances.home.averagePrice')]} />
          <Line
            type="linear"
            dataKey="average"
            name={translate('aula.finances.home.averagePrice')}
            stroke={colors.series[1 % colors.series.length]}
            strokeWidth={2}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartPanel>
      <ChartPanel
        title={translate('aula.finances.analytics.share')}
        description={translate('aula.finances.analytics.shareHint', c)}
        {...courses.panel}
        rows={share}
        columns={[
          { key: 'name', label: name('course') },
          { key: 'revenue', label: translate('aula.finances.columns.revenueIn', c), format: money },
          { key: 'share', label: name('share'), format: percent },
        ]}
        csvName={`share-by-course-${currency}-${from}-${to}`}
      >
        <PieChart>
          <Tooltip contentStyle={colors.tooltip} formatter={(v, n) => [money(Number(v)), String(n)]} />
          <Legend />
          <Pie
            data={share}
            dataKey="revenue"
            nameKey="name"
            innerRadius="45%"
            outerRadius="80%"
            stroke={share.length > 1 ? colors.background : 'none'}
            isAnimationActive={false}
          >
            {share.map((row, i) => (
              <Cell key={String(row.name)} fill={colors.series[i % colors.series.length]} />
            ))}
          </Pie>
        </PieChart>
      </ChartPanel>
      <ChartPanel
        title={translate('aula.finances.analytics.salesVsRevenue')}
        description={translate('aula.finances.analytics.salesVsRevenueHint', c)}
        {...monthly.panel}
        rows={months}
        columns={[monthColumns.period, monthColumns.sales, monthColumns.revenue]}
        csvName={`sales-vs-revenue-${currency}-${from}-${to}`}
      >
        <ComposedChart data={months} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" {...axis} />
          <YAxis yAxisId="sales" {...axis} allowDecimals={false} width={40} />
          <YAxis yAxisId="revenue" orientation="right" {...axis} tickFormatter={compact} width={56} />
          <Tooltip
            contentStyle={colors.tooltip}
            formatter={(v, n) => [n === translate('aula.finances.columns.sales') ? count(Number(v)) : money(Number(v)), String(n)]}
          />
          <Legend />
          <Bar yAxisId="sales" dataKey="sales" name={name('sales')} fill={colors.series[2 % colors.series.length]} maxBarSize={48} isAnimationActive={false} />
          <Line yAxisId="revenue" type="linear" dataKey="revenue" name={name('revenue')} stroke={colors.series[0]} strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ChartPanel>
    </Box>
  )
}
