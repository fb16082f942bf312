import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { useParams } from 'react-router-dom'
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ANALYTICS_PAGES, type AnalyticsPage, type Interval } from '../../../contracts/insights/analytics'
import { useLoad } from '../../ui/useLoad'
import { ChartPanel, DateRangePicker, formatNumber, useChartColors, useChartLocale, useDateRange } from '../common'
import type { DateRange } from '../common'
import { monitoringApi } from '../monitoring/api'
import { percent } from '../monitoring/format'
import { MonitoringFrame } from '../monitoring/MonitoringFrame'

const T = 'aula.monitoring.analytics'

type IntervalChoice = Interval | 'auto'

/** The bucket size picker of the series pages ("automatic" lets the server choose by the range's length). */
function IntervalSelect({ value, onChange }: { value: IntervalChoice; onChange: (v: IntervalChoice) => void }) {
  const translate = useTranslate()
  return (
    <TextField select size="small" label={translate(`${T}.interval`)} value={value} onChange={(e) => onChange(e.target.value as IntervalChoice)} sx={{ minWidth: 160 }}>
      {(['auto', 'day', 'week', 'month'] as const).map((v) => (
        <MenuItem key={v} value={v}>
          {translate(`${T}.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  )
}

function ActiveLearners({ range }: { range: DateRange }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const [interval, setInterval] = useState<IntervalChoice>('auto')
  const asked = interval === 'auto' ? undefined : interval
  const { data, error, isPending, reload } = useLoad(() => monitoringApi.activeLearners(range, asked), `al:${range.from}:${range.to}:${interval}`)
  const rows = data?.series ?? []
  return (
    <Stack spacing={2}>
      <Box>
        <IntervalSelect value={interval} onChange={setInterval} />
      </Box>
      <ChartPanel
        title={translate(`${T}.activeLearners.title`)}
        description={data ? translate(`${T}.activeLearners.description`, { total: formatNumber(data.total, locale) }) : undefined}
        loading={isPending}
        error={error}
        onRetry={reload}
        empty={!data || data.series.every((p) => p.learners === 0)}
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
          <Line type="monotone" dataKey="learners" name={translate(`${T}.activeLearners.learners`)} stroke={colors.series[0]} strokeWidth={2} dot={rows.length <= 31} />
        </LineChart>
      </ChartPanel>
    </Stack>
  )
}

function Subscriptions({ range }: { range: DateRange }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const [interval, setInterval] = useState<IntervalChoice>('auto')
  const asked = interval === 'auto' ? undefined : interval
  const { data, error, isPending, reload } = useLoad(() => monitoringApi.subscriptions(range, asked), `subs:${range.from}:${range.to}:${interval}`)
  const rows = data?.series ?? []
  const label = (k: string) => translate(`${T}.subscriptions.${k}`)
  return (
    <Stack spacing={2}>
      <Box>
        <IntervalSelect value={interval} onChange={setInterval} />
      </Box>
      <ChartPanel
        title={label('title')}
        description={
          data ? translate(`${T}.subscriptions.description`, { created: formatNumber(data.totals.created, locale), revoked: formatNumber(data.totals.revoked, locale), active: formatNumber(data.totals.activeAtEnd, locale) }) : undefined
        }
        loading={isPending}
        error={error}
        onRetry={reload}
        empty={!data || data.series.every((p) => p.created === 0 && p.revoked === 0 && p.active === 0)}
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

function Completion({ range }: { range: DateRange }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const { data, error, isPending, reload } = useLoad(() => monitoringApi.completion(range), `completion:${range.from}:${range.to}`)
  const label = (k: string) => translate(`${T}.completion.${k}`)
  const rows = (data?.courses ?? []).map((c) => ({ ...c }))
  const chart = rows.map((c) => ({ name: c.name, completionRate: c.completionRate === null ? null : Math.round(c.completionRate * 1000) / 10, passRate: c.passRate === null ? null : Math.round(c.passRate * 1000) / 10 }))
  const rate = (v: string | number | null) => percent(v === null ? null : Number(v), locale)
  return (
    <ChartPanel
      title={label('title')}
      description={label('description')}
      loading={isPending}
      error={error}
      onRetry={reload}
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
      height={Math.max(240, Math.min(chart.length, 20) * 44 + 80)}
    >
      <BarChart data={chart.slice(0, 20)} layout="vertical" margin={{ left: 8, right: 16 }}>
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

const ORDERS = ['subscriptions', 'completions', 'learners'] as const

function TopCourses({ range }: { range: DateRange }) {
  const translate = useTranslate()
  const colors = useChartColors()
  const [by, setBy] = useState<(typeof ORDERS)[number]>('subscriptions')
  const { data, error, isPending, reload } = useLoad(() => monitoringApi.topCourses(range, by), `top:${range.from}:${range.to}:${by}`)
  const label = (k: string) => translate(`${T}.topCourses.${k}`)
  const rows = (data?.courses ?? []).map((c) => ({ ...c }))
  return (
    <Stack spacing={2}>
      <Box>
        <TextField select size="small" label={label('by')} value={by} onChange={(e) => setBy(e.target.value as (typeof ORDERS)[number])} sx={{ minWidth: 200 }}>
          {ORDERS.map((o) => (
            <MenuItem key={o} value={o}>
              {label(o)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ChartPanel
        title={label('title')}
        description={translate(`${T}.topCourses.description`, { limit: 10, by: label(by).toLowerCase() })}
        loading={isPending}
        error={error}
        onRetry={reload}
        rows={rows}
        columns={[
          { key: 'name', label: label('course') },
          { key: 'subscriptions', label: label('subscriptions') },
          { key: 'completions', label: label('completions') },
          { key: 'learners', label: label('learners') },
        ]}
        csvName={`top-courses-${by}-${range.from}-${range.to}`}
        height={Math.max(240, rows.length * 40 + 80)}
      >
        <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid stroke={colors.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={140} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} interval={0} />
          <Tooltip contentStyle={colors.tooltip} />
          <Legend />
          <Bar maxBarSize={40} dataKey={by} name={label(by)} fill={colors.series[0]} />
        </BarChart>
      </ChartPanel>
    </Stack>
  )
}

const isPage = (p: string | undefined): p is AnalyticsPage => (ANALYTICS_PAGES as readonly string[]).includes(p ?? '')

/** `/admin/monitoring/{analytics-page}`: one analytics subject per page, over the period in the address. */
export function AnalyticsScreen() {
  const translate = useTranslate()
  const { page } = useParams()
  const period = useDateRange('last30')
  if (!isPage(page)) {
    return (
      <MonitoringFrame current="">
        <Alert severity="warning">{translate('aula.monitoring.notFound')}</Alert>
      </MonitoringFrame>
    )
  }
  return (
    <MonitoringFrame current={page}>
      <Stack spacing={2}>
        <DateRangePicker {...period} />
        {page === 'active-learners' && <ActiveLearners range={period.value} />}
        {page === 'subscriptions' && <Subscriptions range={period.value} />}
        {page === 'completion' && <Completion range={period.value} />}
        {page === 'top-courses' && <TopCourses range={period.value} />}
      </Stack>
    </MonitoringFrame>
  )
}
