import {
  Alert,
  Box,
  Card,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useTheme } from '@mui/material/styles'
import { useState } from 'react'
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { SiteAnalyticsReply } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { htmlLang, type Locale } from '../../i18n'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { fieldErrors, SitesLink, T, useSite, WebsitePage } from '../common'

const A = `${T}.analytics`
const DAY = 86_400_000
const today = () => new Date().toISOString().slice(0, 10)
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10)

/** A page of the public site as a link: a path of the site as it is, another one under the site. */
export const pageHref = (site: string, path: string) => (path.startsWith('/site/') ? path : `/site/${site}${path.startsWith('/') ? '' : '/'}${path}`)

/**
 * `/admin/{site}/analytics`: the public site's page views over a range of days kept in the address
 * (`?from=&to=`, default the last 30 days, UTC): the total, views per day, the top pages, referring
 * hosts and languages. Visits are counted without cookies or personal data.
 */
export function AnalyticsPage() {
  const translate = useTranslate()
  const site = useSite()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [search, setSearch] = useSearchParams()
  const to = search.get('to') || today()
  const from = search.get('from') || daysBefore(to, 29)
  const report = useLoad(() => dataProvider.getSiteAnalytics(site, { from, to }), `analytics:${site}:${from}:${to}`)
  const errors = fieldErrors(report.error)
  const setDay = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(search)
    if (value) next.set(key, value)
    else next.delete(key)
    setSearch(next, { replace: true })
  }

  return (
    <WebsitePage title={translate(`${A}.title`)} intro={translate(`${A}.privacy`)} actions={<SitesLink />}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          label={translate(`${A}.from`)}
          value={from}
          onChange={(e) => setDay('from', e.target.value)}
          error={Boolean(errors.from)}
          helperText={errors.from}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={translate(`${A}.to`)}
          value={to}
          onChange={(e) => setDay('to', e.target.value)}
          error={Boolean(errors.to)}
          helperText={errors.to}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {report.error ? (
        Object.keys(errors).length ? null : (
          <LoadFailure error={report.error} onRetry={report.reload} />
        )
      ) : report.isPending || !report.data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Report site={site} data={report.data} />
      )}
    </WebsitePage>
  )
}

function Report({ site, data }: { site: string; data: SiteAnalyticsReply }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const tag = htmlLang[locale as Locale] ?? locale
  const number = (n: number) => new Intl.NumberFormat(tag).format(n)
  const dayLabel = (day: string) => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
  const languageName = (code: string) => translate(`${T}.languages.${code}`, { _: code })

  return (
    <Stack spacing={2}>
      <Card variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {translate(`${A}.total`)}
        </Typography>
        <Typography variant="h4" component="p">
          {number(data.total)}
        </Typography>
      </Card>
      {data.total === 0 ? (
        <Alert severity="info">{translate(`${A}.empty`)}</Alert>
      ) : (
        <>
          <PerDay days={data.days} total={data.total} number={number} dayLabel={dayLabel} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
            <TopTable
              title={translate(`${A}.pages`)}
              column={translate(`${A}.page`)}
              rows={data.pages.map((p) => ({
                key: p.path,
                label: (
                  <Link href={pageHref(site, p.path)} sx={{ overflowWrap: 'anywhere' }}>
                    {p.path}
                  </Link>
                ),
                views: p.views,
              }))}
              number={number}
            />
            <TopTable
              title={translate(`${A}.referrers`)}
              column={translate(`${A}.referrer`)}
              rows={data.referrers.map((r) => ({ key: r.host, label: r.host || translate(`${A}.direct`), views: r.views }))}
              number={number}
            />
            <TopTable
              title={translate(`${A}.languages`)}
              column={translate(`${A}.language`)}
              rows={data.languages.map((l) => ({ key: l.language, label: languageName(l.language), views: l.views }))}
              number={number}
            />
          </Box>
        </>
      )}
    </Stack>
  )
}

interface PerDayProps {
  days: SiteAnalyticsReply['days']
  total: number
  number: (n: number) => string
  dayLabel: (day: string) => string
}

/** Views per day as a bar chart, or as a table (the chart's text alternative). */
function PerDay({ days, total, number, dayLabel }: PerDayProps) {
  const translate = useTranslate()
  const theme = useTheme()
  const [view, setView] = useState<'chart' | 'table'>('chart')
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography component="h2" variant="h6">
          {translate(`${A}.perDay`)}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, v: 'chart' | 'table' | null) => v && setView(v)}
          aria-label={translate(`${A}.perDay`)}
        >
          <ToggleButton value="chart" sx={{ minHeight: 44 }}>
            {translate(`${A}.asChart`)}
          </ToggleButton>
          <ToggleButton value="table" sx={{ minHeight: 44 }}>
            {translate(`${A}.asTable`)}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {view === 'chart' ? (
        <Box role="img" aria-label={translate(`${A}.chartLabel`, { total: number(total), days: days.length })} sx={{ height: 260, minWidth: 0 }}>
          <ResponsiveContainer width="100%" height="100%" minWidth={0}>
            <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={16} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip labelFormatter={(day) => dayLabel(String(day))} formatter={(v) => [number(Number(v)), translate(`${A}.views`)]} />
              <Bar dataKey="views" fill={theme.palette.primary.main} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      ) : (
        <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={translate(`${A}.perDay`)}>
          <Table size="small" stickyHeader aria-label={translate(`${A}.perDay`)}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{translate(`${A}.day`)}</TableCell>
                <TableCell scope="col" align="right">
                  {translate(`${A}.views`)}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{dayLabel(d.day)}</TableCell>
                  <TableCell align="right">{number(d.views)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  )
}

interface TopRow {
  key: string
  label: React.ReactNode
  views: number
}

function TopTable({ title, column, rows, number }: { title: string; column: string; rows: TopRow[]; number: (n: number) => string }) {
  const translate = useTranslate()
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{column}</TableCell>
            <TableCell scope="col" align="right">
              {translate(`${A}.views`)}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.label}</TableCell>
              <TableCell align="right">{number(r.views)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}
