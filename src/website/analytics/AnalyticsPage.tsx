import { Box, Card, Link, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import type { SiteAnalyticsReply } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { ChartPanel, DateRangePicker, formatNumber, useChartColors, useChartData, useChartLocale, useDateRange, WithChartTexts } from '../../ui/charts'
import { SitesLink, T, useSite, WebsitePage } from '../common'

const A = `${T}.analytics`

/** A page of the public site as a link: a path of the site as it is, another one under the site. */
export const pageHref = (site: string, path: string) => (path.startsWith('/site/') ? path : `/site/${site}${path.startsWith('/') ? '' : '/'}${path}`)

/**
 * `/admin/{site}/analytics`: the public site's page views over a period kept in the address
 * (`?from=&to=`, default the last 30 days), with the chart kit's period picker and panel: the total,
 * views per day (chart or table, CSV), the top pages, referring hosts and languages. Visits are counted
 * without cookies or personal data.
 */
export function AnalyticsPage() {
  return (
    <WithChartTexts>
      <Analytics />
    </WithChartTexts>
  )
}

function Analytics() {
  const translate = useTranslate()
  const site = useSite()
  const dataProvider = useDataProvider<AppDataProvider>()
  const period = useDateRange()
  const report = useChartData(() => dataProvider.getSiteAnalytics(site, period.value), ['site-analytics', site, period.value.from, period.value.to], {
    isEmpty: (data) => data.total === 0,
  })
  return (
    <WebsitePage title={translate(`${A}.title`)} intro={translate(`${A}.privacy`)} actions={<SitesLink />}>
      <Stack spacing={2}>
        <DateRangePicker {...period} />
        <Report site={site} data={report.data} panel={report.panel} />
      </Stack>
    </WebsitePage>
  )
}

function Report({ site, data, panel }: { site: string; data: SiteAnalyticsReply | undefined; panel: ReturnType<typeof useChartData>['panel'] }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const colors = useChartColors()
  const number = (n: number) => formatNumber(n, locale)
  const dayLabel = (day: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
  const languageName = (code: string) => translate(`${T}.languages.${code}`, { _: code })
  const days = data?.days ?? []

  return (
    <Stack spacing={2}>
      <Card variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {translate(`${A}.total`)}
        </Typography>
        <Typography variant="h4" component="p">
          {data ? number(data.total) : <Skeleton width={80} />}
        </Typography>
      </Card>
      <ChartPanel
        title={translate(`${A}.perDay`)}
        {...panel}
        rows={days}
        columns={[
          { key: 'day', label: translate(`${A}.day`), format: (v) => dayLabel(String(v)) },
          { key: 'views', label: translate(`${A}.views`) },
        ]}
        csvName={`${site}-page-views`}
        height={260}
      >
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={16} stroke={colors.axis} tick={{ fill: colors.axis }} />
          <YAxis allowDecimals={false} width={40} stroke={colors.axis} tick={{ fill: colors.axis }} />
          <Tooltip
            contentStyle={colors.tooltip}
            labelFormatter={(day) => dayLabel(String(day))}
            formatter={(v) => [number(Number(v)), translate(`${A}.views`)]}
          />
          <Bar dataKey="views" fill={colors.series[0]} isAnimationActive={false} />
        </BarChart>
      </ChartPanel>
      {data && data.total > 0 && (
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
      )}
    </Stack>
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
