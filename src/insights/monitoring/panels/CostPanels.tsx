import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { useId, useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import type { CostAndUsageResponse } from '../../../../contracts/insights/monitoring'
import { ChartPanel, DateRangePicker, formatBytes, formatNumber, useChartColors, useChartData, useChartLocale, useDateRange } from '../../../ui/charts'
import { money } from '../format'
import type { AppDataProvider } from '../../../dataProvider'

const T = 'aula.monitoring.cost'

/** Where the figures come from: modelled from usage and unit prices, or the provider's bill. */
function CostSource({ data }: { data: CostAndUsageResponse }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const label = (key: string) => translate(`${T}.${key}`)
  const price = (amount: number) => money(amount, data.currency, locale)
  return (
    <Alert severity={data.modelled ? 'info' : 'success'} role="status">
      <strong>{label(data.modelled ? 'modelled' : 'billedSource')}.</strong>{' '}
      {label(!data.modelled ? 'billedNote' : data.billingApi === 'none' ? 'noBilling' : 'billingFailed')}{' '}
      {translate(`${T}.prices`, {
        storage: price(data.unitPrices.storageGbMonth),
        requests: price(data.unitPrices.requestsMillion),
        emails: price(data.unitPrices.emailsThousand),
        compute: price(data.unitPrices.computeCpuHour),
      })}
    </Alert>
  )
}

/** Cost and usage over a period, per day or per month: the cost by kind, and the usage behind it. */
export function CostPanels({ round }: { round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const period = useDateRange('last30')
  const [granularity, setGranularity] = useState<'day' | 'month'>('day')
  const { data, panel } = useChartData(
    () => dataProvider.getCostAndUsage(period.value, granularity),
    ['cost', period.value.from, period.value.to, granularity],
    {
      round,
    },
  )
  const currency = data?.currency ?? 'USD'
  const m = (v: number | string | null) => (v === null ? '—' : money(Number(v), currency, locale))
  const rows = (data?.periods ?? []).map((p) => ({
    period: p.period,
    storage: p.cost.storage,
    requests: p.cost.requests,
    emails: p.cost.emails,
    compute: p.cost.compute,
    total: p.cost.total,
    billed: p.billed,
  }))
  const usage = (data?.periods ?? []).map((p) => ({
    period: p.period,
    requests: p.requests,
    emails: p.emails,
    cpuSeconds: Math.round(p.cpuSeconds * 10) / 10,
    storageBytes: p.storageBytes,
  }))
  const label = (key: string) => translate(`${T}.${key}`)
  const granularityId = useId()
  return (
    <Stack spacing={2} component="section" aria-labelledby={`${granularityId}-h`}>
      <Typography id={`${granularityId}-h`} variant="h5" component="h2">
        {label('title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} useFlexGap sx={{ gap: 2, alignItems: { md: 'flex-end' }, flexWrap: 'wrap' }}>
        <DateRangePicker {...period} />
        <Box>
          <Typography id={granularityId} variant="body2" sx={{ mb: 0.5 }}>
            {label('granularity')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={granularity}
            aria-labelledby={granularityId}
            onChange={(_, v: 'day' | 'month' | null) => v && setGranularity(v)}
          >
            <ToggleButton value="day">{label('day')}</ToggleButton>
            <ToggleButton value="month">{label('month')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Stack>
      {data && <CostSource data={data} />}
      <ChartPanel
        title={label('chartTitle')}
        description={data ? translate(`${T}.chartDescription`, { currency, total: m(data.totals.cost.total) }) : undefined}
        {...panel}
        rows={rows}
        columns={[
          { key: 'period', label: label('period') },
          { key: 'storage', label: label('storage'), format: m },
          { key: 'requests', label: label('requests'), format: m },
          { key: 'emails', label: label('emails'), format: m },
          { key: 'compute', label: label('compute'), format: m },
          { key: 'total', label: label('total'), format: m },
          ...(data?.modelled === false ? [{ key: 'billed', label: label('billed'), format: m }] : []),
        ]}
        csvName={`cost-${period.value.from}-${period.value.to}`}
        headingLevel={3}
      >
        <BarChart data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="period" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} minTickGap={16} />
          <YAxis stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} width={72} tickFormatter={(v: number) => money(v, currency, locale)} />
          <Tooltip contentStyle={colors.tooltip} formatter={(v) => m(Number(v))} />
          <Legend />
          {(['storage', 'requests', 'emails', 'compute'] as const).map((k, i) => (
            <Bar key={k} dataKey={k} name={label(k)} stackId="cost" fill={colors.series[i % colors.series.length]} />
          ))}
        </BarChart>
      </ChartPanel>
      <ChartPanel
        title={label('usageTitle')}
        description={label('usageDescription')}
        {...panel}
        rows={usage}
        columns={[
          { key: 'period', label: label('period') },
          { key: 'requests', label: label('requests') },
          { key: 'emails', label: label('emails') },
          { key: 'cpuSeconds', label: label('cpuSeconds') },
          { key: 'storageBytes', label: label('storageBytes'), format: (v) => (v === null ? '—' : formatBytes(Number(v), locale)) },
        ]}
        csvName={`usage-${period.value.from}-${period.value.to}`}
        headingLevel={3}
      >
        <LineChart data={usage} margin={{ left: 8, right: 8 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="period" stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} minTickGap={16} />
          <YAxis
            stroke={colors.axis}
            tick={{ fill: colors.axis, fontSize: 12 }}
            width={56}
            tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })}
          />
          <Tooltip contentStyle={colors.tooltip} formatter={(v) => formatNumber(Number(v), locale)} />
          <Legend />
          <Line type="monotone" dataKey="requests" name={label('requests')} stroke={colors.series[0]} strokeWidth={2} dot={false} />
          <Line
            type="monotone"
            dataKey="emails"
            name={label('emails')}
            stroke={colors.series[1 % colors.series.length]}
            strokeWidth={2}
            dot={false}
            strokeDasharray="6 3"
          />
        </LineChart>
      </ChartPanel>
    </Stack>
  )
}
