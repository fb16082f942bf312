import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin'
import { allows } from '../../../contracts/access'
import { REFUND_DAYS_MAX, REFUND_REASON_MAX, type RefundBody, type SaleDetail, type SubscriptionAfterRefund } from '../../../contracts/insights/finances'
import { routePolicy } from '../../../contracts/policy'
import type { AppDataProvider } from '../../dataProvider'
import { useGroups } from '../../layout/access/groups'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { formatMoney, useChartLocale } from '../../ui/charts'

type Detail = SaleDetail['Item']
const T = 'aula.finances.sale'

/**
 * A sale's details, its refunds and, for administrators, the refund form: amount (all that remains when
 * empty), reason and what becomes of the subscription, then a confirmation naming the amount and buyer.
 * `onChanged` is told after a refund so the list shows the sale as it is now.
 */
export function SaleDialog({ saleId, onClose, onChanged }: { saleId: string; onClose(): void; onChanged(): void }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  const { groups } = useGroups()
  const mayRefund = allows(routePolicy['POST /api/v2/finances/sales/:id/refund'], true, groups)
  const loaded = useLoad(() => dataProvider.getSale(saleId), saleId)
  const [fresh, setFresh] = useState<Detail | null>(null)
  const [refunding, setRefunding] = useState(false)
  const detail = fresh ?? loaded.data

  let content
  if (loaded.error) content = <ErrorDisplay error={loaded.error} />
  else if (!detail) content = <Skeleton variant="rounded" height={220} aria-label={translate('ra.page.loading')} />
  else if (refunding)
    content = (
      <RefundForm
        detail={detail}
        onCancel={() => setRefunding(false)}
        onDone={(after) => {
          setFresh(after)
          setRefunding(false)
          onChanged()
        }}
      />
    )
  else content = <SaleFacts detail={detail} />

  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="sale-dialog-title">
      <DialogTitle id="sale-dialog-title">
        {refunding ? translate(`${T}.form.title`) : translate(`${T}.title`, { number: detail?.sale.receiptNumber ?? '' })}
      </DialogTitle>
      {content}
      {!refunding && (
        <DialogActions>
          {detail && <ReceiptButton detail={detail} />}
          {mayRefund && detail && detail.refundable > 0 && (
            <Button color="error" onClick={() => setRefunding(true)}>
              {translate(`${T}.refund`)}
            </Button>
          )}
          <Button onClick={onClose}>{translate(`${T}.close`)}</Button>
        </DialogActions>
      )}
    </Dialog>
  )
}

/** Downloads the sale's receipt, in the language the screen is read in. */
function ReceiptButton({ detail }: { detail: Detail }) {
  const translate = useTranslate()
  const notify = useNotify()
  const [locale] = useLocaleState()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      await dataProvider.downloadSaleReceipt(detail.sale.id, `${detail.sale.receiptNumber}.pdf`, locale)
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button onClick={download} disabled={busy} sx={{ mr: 'auto' }}>
      {translate(`${T}.receipt`)}
    </Button>
  )
}

/** The sale as a list of terms, then its refunds. */
function SaleFacts({ detail }: { detail: Detail }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { dateTime } = useDateFormat()
  const { sale } = detail
  const money = (n: number) => formatMoney(n, sale.currency, locale)
  const facts: Array<[string, string]> = [
    [translate(`${T}.number`), sale.receiptNumber],
    [translate(`${T}.date`), dateTime(sale.soldAt)],
    [translate(`${T}.buyer`), sale.buyerEmail || sale.buyer],
    [translate(`${T}.course`), sale.courseName],
    [translate(`${T}.plan`), sale.planName],
    [translate(`${T}.channel`), translate(`aula.finances.channel.${sale.channel}`)],
    [translate(`${T}.amount`), money(sale.amount)],
    [translate(`${T}.refunded`), money(sale.refundedAmount)],
    [translate(`${T}.refundable`), money(detail.refundable)],
  ]
  return (
    <DialogContent>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 } }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {sale.revokedAt && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate(`${T}.subscriptionRevoked`)}
        </Alert>
      )}
      {detail.refundable === 0 && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate(`${T}.fullyRefunded`)}
        </Alert>
      )}
      {detail.refunds.length > 0 && (
        <Box component="section" aria-labelledby="sale-refunds" sx={{ mt: 2 }}>
          <Typography id="sale-refunds" variant="subtitle1" component="h3">
            {translate(`${T}.refunds`)}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {detail.refunds.map((r) => (
              <li key={r.id}>
                <Typography variant="body2">
                  {translate(`${T}.refundEntry`, { amount: money(r.amount), date: dateTime(r.at), who: r.refundedBy, reason: r.reason })}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </DialogContent>
  )
}

interface Draft {
  amount: string
  reason: string
  subscription: SubscriptionAfterRefund
  days: string
}

/** The form's problems, by field (empty when it can be sent); amounts in cents so 0.1 + 0.2 never matters. */
function problemsOf(d: Draft, refundable: number, max: string, translate: (key: string, o?: object) => string): Partial<Record<keyof Draft, string>> {
  const out: Partial<Record<keyof Draft, string>> = {}
  if (!d.reason.trim()) out.reason = translate(`${T}.form.errors.reason`)
  const amount = d.amount.trim().replace(',', '.')
  if (amount) {
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) out.amount = translate(`${T}.form.errors.amount`)
    else if (Math.round(Number(amount) * 100) > Math.round(refundable * 100)) out.amount = translate(`${T}.form.errors.tooMuch`, { max })
  }
  if (d.subscription === 'shorten') {
    const days = Number(d.days)
    if (!/^\d+$/.test(d.days.trim()) || days < 1 || days > REFUND_DAYS_MAX) out.days = translate(`${T}.form.errors.days`)
  }
  return out
}

/** The refund form, then its confirmation; the server has the last word (409 when another refund came first). */
function RefundForm({ detail, onCancel, onDone }: { detail: Detail; onCancel(): void; onDone(after: Detail): void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AppDataProvider>()
  const locale = useChartLocale()
  const { sale } = detail
  const money = (n: number) => formatMoney(n, sale.currency, locale)
  const max = money(detail.refundable)
  const [draft, setDraft] = useState<Draft>({ amount: '', reason: '', subscription: 'revoke', days: '' })
  const [touched, setTouched] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const problems = problemsOf(draft, detail.refundable, max, translate)
  const shown = touched ? problems : {}
  const amount = draft.amount.trim() ? Number(draft.amount.trim().replace(',', '.')) : detail.refundable
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })

  const send = async () => {
    setSending(true)
    setFailure(null)
    const body: RefundBody = {
      reason: draft.reason.trim(),
      subscription: draft.subscription,
      ...(draft.amount.trim() ? { amount } : {}),
      ...(draft.subscription === 'shorten' ? { days: Number(draft.days) } : {}),
    }
    try {
      const after = await dataProvider.refundSale(sale.id, body)
      notify(translate(`${T}.form.done`), { type: 'success' })
      onDone(after)
    } catch (error) {
      setFailure(error)
      setSending(false)
    }
  }

  if (confirming) {
    const what =
      draft.subscription === 'shorten'
        ? translate(`${T}.form.confirmShorten`, { smart_count: Number(draft.days) })
        : translate(draft.subscription === 'revoke' ? `${T}.form.confirmRevoke` : `${T}.form.confirmKeep`)
    return (
      <>
        <DialogContent>
          <Typography variant="h6" component="p" sx={{ mb: 1 }}>
            {translate(`${T}.form.confirmTitle`, { amount: money(amount), buyer: sale.buyerEmail || sale.buyer })}
          </Typography>
          <Typography>{what}</Typography>
          <Typography color="text.secondary">{translate(detail.throughProvider ? `${T}.provider` : `${T}.record`)}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate(`${T}.form.confirmFinal`)}
          </Typography>
          {failure !== null && (
            <Box sx={{ mt: 2 }}>
              <ErrorDisplay error={failure} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={sending}>
            {translate(`${T}.form.back`)}
          </Button>
          <Button variant="contained" color="error" onClick={send} disabled={sending}>
            {translate(sending ? `${T}.form.refunding` : `${T}.form.confirm`, { amount: money(amount) })}
          </Button>
        </DialogActions>
      </>
    )
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTouched(true)
        if (Object.keys(problems).length === 0) setConfirming(true)
      }}
    >
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Typography color="text.secondary">{translate(detail.throughProvider ? `${T}.provider` : `${T}.record`)}</Typography>
          <TextField
            label={translate(`${T}.form.amount`, { currency: sale.currency })}
            value={draft.amount}
            onChange={(e) => set({ amount: e.target.value })}
            error={!!shown.amount}
            helperText={shown.amount ?? translate(`${T}.form.amountHint`, { max })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={translate(`${T}.form.reason`)}
            value={draft.reason}
            onChange={(e) => set({ reason: e.target.value })}
            required
            multiline
            minRows={2}
            error={!!shown.reason}
            helperText={shown.reason}
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
          />
          <Box>
            <FormLabel id="refund-subscription">{translate(`${T}.form.subscription`)}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="refund-subscription"
              value={draft.subscription}
              onChange={(e) => set({ subscription: e.target.value as SubscriptionAfterRefund })}
            >
              {(['revoke', 'shorten', 'keep'] as const).map((v) => (
                <FormControlLabel key={v} value={v} control={<Radio />} label={translate(`${T}.form.${v}`)} />
              ))}
            </RadioGroup>
          </Box>
          {draft.subscription === 'shorten' && (
            <TextField
              label={translate(`${T}.form.days`)}
              value={draft.days}
              onChange={(e) => set({ days: e.target.value })}
              required
              error={!!shown.days}
              helperText={shown.days}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate(`${T}.form.back`)}</Button>
        <Button type="submit" variant="contained">
          {translate(`${T}.form.next`)}
        </Button>
      </DialogActions>
    </Box>
  )
}
