import DownloadIcon from '@mui/icons-material/Download'
import {
  Box,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material'
import { visuallyHidden } from '../../ui/visuallyHidden'
import { useState } from 'react'
import { useNotify, useTranslate, useDataProvider } from 'react-admin'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { downloadCsv, formatMoney, useChartLocale } from '../../ui/charts'
import type { Sale } from '../../../contracts/insights/finances'
import type { FinanceFilter } from '../../dataProvider'
import type { AppDataProvider } from '../../dataProvider'
import { SaleDialog } from './SaleDialog'

const PAGE_SIZE = 20

/**
 * The sales of the period, newest first, a page at a time, and the export of all of them as CSV
 * (the server's file: every sale of the period, not just this page).
 */
export function SalesList({ filter, pageSize = PAGE_SIZE, title }: { filter: FinanceFilter; pageSize?: number; title?: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const notify = useNotify()
  const locale = useChartLocale()
  const { dateTime } = useDateFormat()
  const key = JSON.stringify(filter)
  // The tokens of the pages opened so far, for "previous"; a new filter starts again at page one.
  const [pages, setPages] = useState<{ key: string; tokens: string[] }>({ key, tokens: [''] })
  const tokens = pages.key === key ? pages.tokens : ['']
  const token = tokens[tokens.length - 1]
  const list = useLoad(() => dataProvider.getSalesList(filter, pageSize, token), `${key}|${token}|${pageSize}`)
  const [exporting, setExporting] = useState(false)
  const headingId = `sales-list-${pageSize}`
  // A phone has no room for six columns: each sale is a short block of lines there.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  const channel = (sale: Sale) => translate(`aula.finances.channel.${sale.channel}`)
  const revoked = (sale: Sale) => sale.revokedAt && <Chip size="small" variant="outlined" label={translate('aula.finances.sales.revoked')} sx={{ ml: 1 }} />
  const refunded = (sale: Sale) =>
    sale.refundedAmount > 0 && (
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={translate('aula.finances.sales.refunded', { amount: formatMoney(sale.refundedAmount, sale.currency, locale) })}
        sx={{ ml: 1 }}
      />
    )
  // The sale whose details are open (a dialog with its refunds and, for administrators, the refund form).
  const [open, setOpen] = useState<string | null>(null)
  const details = (sale: Sale) => (
    <Button
      size="small"
      onClick={() => setOpen(sale.id)}
      aria-label={translate('aula.finances.sales.detailsOf', { course: sale.courseName, buyer: sale.buyerEmail || sale.buyer })}
    >
      {translate('aula.finances.sales.details')}
    </Button>
  )

  const exportCsv = async () => {
    setExporting(true)
    try {
      downloadCsv(`sales-${filter.from}-${filter.to}${filter.currency ? `-${filter.currency}` : ''}`, await dataProvider.getSalesCsv(filter))
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' })
    } finally {
      setExporting(false)
    }
  }

  let body
  if (list.error) {
    body = (
      <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
        <ErrorDisplay error={list.error} />
        <Button onClick={list.reload}>{translate('aula.finances.sales.retry')}</Button>
      </Stack>
    )
  } else if (list.isPending) {
    body = <Skeleton variant="rounded" height={160} aria-label={translate('ra.page.loading')} />
  } else if (!list.data?.items.length) {
    body = <Typography color="text.secondary">{translate('aula.finances.sales.listEmpty')}</Typography>
  } else if (phone) {
    body = (
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby={headingId}>
        {list.data.items.map((sale) => (
          <Box component="li" key={sale.id} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{sale.courseName}</Typography>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(sale.amount, sale.currency, locale)}</Typography>
            </Stack>
            <Typography variant="body2">{sale.planName}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {dateTime(sale.soldAt)} · {sale.buyerEmail || sale.buyer}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {channel(sale)}
              {revoked(sale)}
              {refunded(sale)}
            </Typography>
            {details(sale)}
          </Box>
        ))}
      </Stack>
    )
  } else {
    body = (
      // Focusable and named so keyboard users can scroll a table wider than a phone.
      <TableContainer tabIndex={0} role="group" aria-labelledby={headingId}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('aula.finances.columns.date')}</TableCell>
              <TableCell>{translate('aula.finances.columns.course')}</TableCell>
              <TableCell>{translate('aula.finances.columns.plan')}</TableCell>
              <TableCell align="right">{translate('aula.finances.columns.amount')}</TableCell>
              <TableCell>{translate('aula.finances.columns.buyer')}</TableCell>
              <TableCell>{translate('aula.finances.columns.channel')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate('aula.finances.sales.details')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.items.map((sale) => (
              <TableRow key={sale.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(sale.soldAt)}</TableCell>
                <TableCell>{sale.courseName}</TableCell>
                <TableCell>{sale.planName}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(sale.amount, sale.currency, locale)}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{sale.buyerEmail || sale.buyer}</TableCell>
                <TableCell>
                  {channel(sale)}
                  {revoked(sale)}
                  {refunded(sale)}
                </TableCell>
                <TableCell>{details(sale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    )
  }

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mb: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {title ?? translate('aula.finances.sales.list')}
          </Typography>
          {list.data && (
            <Typography variant="body2" color="text.secondary">
              {translate('aula.finances.sales.listCount', { smart_count: list.data.estimated })}
            </Typography>
          )}
        </Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={exporting || !list.data?.items.length}
          aria-label={translate('aula.charts.panel.exportCsvOf', { title: title ?? translate('aula.finances.sales.list') })}
        >
          {translate(exporting ? 'aula.finances.sales.exporting' : 'aula.finances.sales.export')}
        </Button>
      </Stack>
      {body}
      {open && <SaleDialog saleId={open} onClose={() => setOpen(null)} onChanged={list.reload} />}
      {(tokens.length > 1 || list.data?.paginationToken) && (
        <Stack direction="row" sx={{ gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
          <Button disabled={tokens.length <= 1 || list.isPending} onClick={() => setPages({ key, tokens: tokens.slice(0, -1) })}>
            {translate('aula.finances.sales.previous')}
          </Button>
          <Button
            disabled={!list.data?.paginationToken || list.isPending}
            onClick={() => list.data?.paginationToken && setPages({ key, tokens: [...tokens, list.data.paginationToken] })}
          >
            {translate('aula.finances.sales.next')}
          </Button>
        </Stack>
      )}
    </Paper>
  )
}
