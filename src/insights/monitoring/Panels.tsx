import { Alert, Box, Button, LinearProgress, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useLoad } from '../../ui/useLoad'
import { ChartPanel, DateRangePicker, formatBytes, formatNumber, useChartColors, useChartLocale, useDateRange } from '../common'
import { monitoringApi } from './api'
import { countryName, dateTime, money } from './format'

const T = 'aula.monitoring'

/** A titled box of label/value facts (server, storage). */
function FactsCard({ title, loading, error, onRetry, facts, footer }: { title: string; loading: boolean; error?: unknown; onRetry: () => void; facts: Array<[string, ReactNode]>; footer?: ReactNode }) {
  const translate = useTranslate()
  const id = useId()
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} aria-busy={loading} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {error ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ alignSelf: 'stretch' }}>
            <ErrorDisplay error={error} />
          </Box>
          <Button variant="outlined" onClick={onRetry}>
            {translate('aula.charts.panel.retry')}
          </Button>
        </Stack>
      ) : loading ? (
        <LinearProgress aria-label={translate('aula.charts.panel.loading')} />
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {footer}
    </Paper>
  )
}

function uptime(seconds: number, translate: ReturnType<typeof useTranslate>) {
  return translate(`${T}.server.uptimeValue`, { days: Math.floor(seconds / 86400), hours: Math.floor((seconds % 86400) / 3600), minutes: Math.floor((seconds % 3600) / 60) })
}

export function ServerCard({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { data, error, isPending, reload } = useLoad(monitoringApi.version, `version:${round}`)
  return (
    <FactsCard
      title={translate(`${T}.server.title`)}
      loading={isPending}
      error={error}
      onRetry={reload}
      facts={
        data
          ? [
              [translate(`${T}.server.version`), `${data.name} ${data.version}`],
              [translate(`${T}.server.build`), data.buildLabel],
              [translate(`${T}.server.node`), data.node],
              [translate(`${T}.server.database`), translate(`${T}.server.${data.database}`)],
              [translate(`${T}.server.startedAt`), dateTime(data.startedAt, locale)],
              [translate(`${T}.server.uptime`), uptime(data.uptimeSeconds, translate)],
            ]
          : []
      }
    />
  )
}

export function StorageCard({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { data, error, isPending, reload } = useLoad(monitoringApi.storage, `storage:${round}`)
  return (
    <FactsCard
      title={translate(`${T}.storage.title`)}
      loading={isPending}
      error={error}
      onRetry={reload}
      facts={
        data
          ? [
              [translate(`${T}.storage.size`), <span key="size" data-testid="storage-size">{`${formatBytes(data.bytes, locale)} (${translate(`${T}.storage.bytes`, { count: formatNumber(data.bytes, locale) })})`}</span>],
              [translate(`${T}.storage.objects`), <span key="objects" data-testid="storage-objects">{formatNumber(data.objects, locale)}</span>],
              [translate(`${T}.storage.driver`), data.driver === 's3' ? translate(`${T}.storage.s3`, { bucket: data.bucket ?? '' }) : translate(`${T}.storage.local`)],
              [translate(`${T}.storage.measured`), dateTime(data.measuredAt, locale)],
            ]
          : []
      }
    />
  )
}

const TOP_TABLES = 12

export function DocumentsPanel({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, error, isPending, reload } = useLoad(monitoringApi.documents, `documents:${round}`)
  const rows = data ? [...data.tables].sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table)) : []
  return (
    <ChartPanel
      title={translate(`${T}.documents.title`)}
      description={data ? translate(`${T}.documents.description`, { count: TOP_TABLES, total: formatNumber(data.total, locale) }) : undefined}
      loading={isPending}
      error={error}
      onRetry={reload}
      rows={rows}
      columns={[
        { key: 'table', label: translate(`${T}.documents.table`) },
        { key: 'rows', label: translate(`${T}.documents.rows`) },
      ]}
      csvName="documents-per-table"
      height={360}
    >
      <BarChart data={rows.slice(0, TOP_TABLES)} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={colors.grid} horizontal={false} />
        <XAxis type="number" stroke={colors.axis} tick={{ fill: colors.axis }} tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })} />
        <YAxis type="category" dataKey="table" width={170} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 11 }} interval={0} />
        <Tooltip contentStyle={colors.tooltip} formatter={(v) => formatNumber(Number(v), locale)} />
        <Bar maxBarSize={40} dataKey="rows" name={translate(`${T}.documents.rows`)} fill={colors.series[0]} />
      </BarChart>
    </ChartPanel>
  )
}

export function CostPanels({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const period = useDateRange('last30')
  const [granularity, setGranularity] = useState<'day' | 'month'>('day')
  const { data, error, isPending, reload } = useLoad(() => monitoringApi.costAndUsage(period.value, granularity), `cost:${period.value.from}:${period.value.to}:${granularity}:${round}`)
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
  const usage = (data?.periods ?? []).map((p) => ({ period: p.period, requests: p.requests, emails: p.emails, cpuSeconds: Math.round(p.cpuSeconds * 10) / 10, storageBytes: p.storageBytes }))
  const label = (key: string) => translate(`${T}.cost.${key}`)
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
          <ToggleButtonGroup size="small" exclusive value={granularity} aria-labelledby={granularityId} onChange={(_, v: 'day' | 'month' | null) => v && setGranularity(v)}>
            <ToggleButton value="day">{label('day')}</ToggleButton>
            <ToggleButton value="month">{label('month')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Stack>
      {data && (
        <Alert severity={data.modelled ? 'info' : 'success'} role="status">
          <strong>{label(data.modelled ? 'modelled' : 'billedSource')}.</strong> {label(!data.modelled ? 'billedNote' : data.billingApi === 'none' ? 'noBilling' : 'billingFailed')}{' '}
          {translate(`${T}.cost.prices`, {
            storage: money(data.unitPrices.storageGbMonth, currency, locale),
            requests: money(data.unitPrices.requestsMillion, currency, locale),
            emails: money(data.unitPrices.emailsThousand, currency, locale),
            compute: money(data.unitPrices.computeCpuHour, currency, locale),
          })}
        </Alert>
      )}
      <ChartPanel
        title={label('chartTitle')}
        description={data ? translate(`${T}.cost.chartDescription`, { currency, total: m(data.totals.cost.total) }) : undefined}
        loading={isPending}
        error={error}
        onRetry={reload}
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
        loading={isPending}
        error={error}
        onRetry={reload}
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
          <YAxis stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} width={56} tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })} />
          <Tooltip contentStyle={colors.tooltip} formatter={(v) => formatNumber(Number(v), locale)} />
          <Legend />
          <Line type="monotone" dataKey="requests" name={label('requests')} stroke={colors.series[0]} strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="emails" name={label('emails')} stroke={colors.series[1 % colors.series.length]} strokeWidth={2} dot={false} strokeDasharray="6 3" />
        </LineChart>
      </ChartPanel>
    </Stack>
  )
}

export function ForecastPanel({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, error, isPending, reload } = useLoad(monitoringApi.forecast, `forecast:${round}`)
  const currency = data?.currency ?? 'USD'
  const m = (v: number | string | null) => (v === null ? '—' : money(Number(v), currency, locale))
  const rows = (data?.days ?? []).map((d) => ({ day: d.day, actual: d.actual, projected: d.projected }))
  const label = (key: string) => translate(`${T}.forecast.${key}`)
  return (
    <Stack spacing={1.5}>
      {data && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }} role="group" aria-label={label('title')}>
          <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 12rem' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label('monthToDate')} · {translate(`${T}.forecast.days`, { elapsed: data.daysElapsed, total: data.daysInMonth })}
            </Typography>
            <Typography variant="h5" component="p" data-testid="forecast-mtd">
              {m(data.monthToDate)}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 12rem' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label('projected')} ({data.month}) · {translate(`${T}.cost.${data.modelled ? 'modelled' : 'billedSource'}`)}
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
        loading={isPending}
        error={error}
        onRetry={reload}
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
          <Line type="monotone" dataKey="projected" name={label('projection')} stroke={colors.series[1 % colors.series.length]} strokeWidth={2} strokeDasharray="6 4" dot={false} />
        </LineChart>
      </ChartPanel>
    </Stack>
  )
}

const WINDOWS = [5, 15, 30] as const

export function RealtimePanel({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const [minutes, setMinutes] = useState<(typeof WINDOWS)[number]>(5)
  const [tick, setTick] = useState(0)
  // Real time: the figures refresh by themselves every 30 seconds while the screen is open.
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 30_000)
    return () => clearInterval(timer)
  }, [])
  const { data, error, isPending, reload } = useLoad(() => monitoringApi.realtime(minutes), `rt:${minutes}:${round}:${tick}`)
  const label = (key: string) => translate(`${T}.realtime.${key}`)
  const rows = (data?.countries ?? []).map((c) => ({ country: c.country ? countryName(c.country, locale) : label('unknown'), code: c.country ?? '', users: c.users, requests: c.requests }))
  const windowId = useId()
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={windowId} variant="body2">
          {label('window')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={minutes} aria-labelledby={windowId} onChange={(_, v: (typeof WINDOWS)[number] | null) => v && setMinutes(v)}>
          {WINDOWS.map((w) => (
            <ToggleButton key={w} value={w}>
              {translate(`${T}.realtime.minutes`, { smart_count: w })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {data && (
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {translate(`${T}.realtime.summary`, { users: formatNumber(data.users, locale), requests: formatNumber(data.requests, locale) })} · {label('auto')}
          </Typography>
        )}
      </Stack>
      <ChartPanel
        title={label('title')}
        description={translate(`${T}.realtime.description`, { minutes })}
        loading={isPending && !data}
        error={error}
        onRetry={reload}
        rows={rows}
        columns={[
          { key: 'country', label: label('country') },
          { key: 'code', label: label('code') },
          { key: 'users', label: label('users') },
          { key: 'requests', label: label('requests') },
        ]}
        csvName="realtime-users-by-country"
        height={Math.max(200, Math.min(rows.length, 15) * 36 + 60)}
      >
        <BarChart data={rows.slice(0, 15)} layout="vertical" margin={{ left: 8, right: 16 }}>
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
