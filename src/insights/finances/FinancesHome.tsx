import ArrowForward from '@mui/icons-material/ArrowForward'
import { Box, Card, CardActionArea, CardContent, Paper, Skeleton, Stack, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link } from 'react-router-dom'
import type { CurrencyTotals } from '../../../contracts/insights/finances'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { formatMoney, formatNumber, useChartLocale } from '../../ui/charts'
import { FinanceFilters, FinanceFrame, FINANCES, useFinanceQuery } from './FinanceFrame'
import { SalesList } from './SalesList'
import type { AppDataProvider } from '../../dataProvider'

/**
 * /admin/finances, finance staff's landing page: the period's totals per currency against the period
 * before, links to the sales and analytics screens, and the latest sales.
 */
export function FinancesHome() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { period } = useFinanceQuery()
  const filter = period.value
  const totals = useLoad(() => dataProvider.getSalesTotals(filter), JSON.stringify(filter))
  const range = `?from=${filter.from}&to=${filter.to}`

  let figures
  if (totals.error) figures = <ErrorDisplay error={totals.error} />
  else if (totals.isPending || !totals.data) figures = <Skeleton variant="rounded" height={140} aria-label={translate('ra.page.loading')} />
  else if (totals.data.currencies.length === 0) figures = <Typography color="text.secondary">{translate('aula.finances.home.noSales')}</Typography>
  else {
    const { previous } = totals.data
    figures = (
      <Stack sx={{ gap: 2 }}>
        {totals.data.currencies.map((t) => (
          <CurrencyFigures key={t.currency} now={t} before={previous.currencies.find((p) => p.currency === t.currency)} previous={previous} />
        ))}
      </Stack>
    )
  }

  return (
    <FinanceFrame title={translate('aula.finances.title')} titleId="finances-title">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.finances.intro')}
      </Typography>
      <FinanceFilters period={period} />
      <Stack sx={{ gap: 3 }}>
        <Box component="section" aria-labelledby="finance-totals">
          <Typography id="finance-totals" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {translate('aula.finances.home.totals')}
          </Typography>
          {figures}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <GoCard to={`${FINANCES}/sales${range}`} title={translate('aula.finances.home.goSales')} hint={translate('aula.finances.home.goSalesHint')} />
          <GoCard
            to={`${FINANCES}/analytics${range}`}
            title={translate('aula.finances.home.goAnalytics')}
            hint={translate('aula.finances.home.goAnalyticsHint')}
          />
        </Box>
        <SalesList filter={filter} pageSize={5} title={translate('aula.finances.home.latest')} />
      </Stack>
    </FinanceFrame>
  )
}

/** One currency's figures: revenue (with the previous period's), sales, average price, buyers, courses. */
function CurrencyFigures({ now, before, previous }: { now: CurrencyTotals; before?: CurrencyTotals; previous: { from: string; to: string } }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { date } = useDateFormat()
  const money = (n: number) => formatMoney(n, now.currency, locale)
  const figures = [
    { label: translate('aula.finances.home.revenue', { currency: now.currency }), value: money(now.revenue) },
    { label: translate('aula.finances.home.refunds', { currency: now.currency }), value: money(now.refunds) },
    { label: translate('aula.finances.home.net', { currency: now.currency }), value: money(now.net) },
    { label: translate('aula.finances.home.sales'), value: formatNumber(now.sales, locale) },
    { label: translate('aula.finances.home.averagePrice'), value: money(now.averagePrice) },
    { label: translate('aula.finances.home.buyers'), value: formatNumber(now.buyers, locale) },
    { label: translate('aula.finances.home.courses'), value: formatNumber(now.courses, locale) },
  ]
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' } }}>
        {figures.map((f, i) => (
          <Box key={f.label} sx={i === 0 ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : undefined}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('aula.finances.home.previous', {
          from: date(`${previous.from}T12:00:00`),
          to: date(`${previous.to}T12:00:00`),
          value: money(before?.revenue ?? 0),
        })}
      </Typography>
    </Paper>
  )
}

function GoCard({ to, title, hint }: { to: string; title: string; hint: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            <ArrowForward aria-hidden="true" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}
