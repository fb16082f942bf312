import ReceiptIcon from '@mui/icons-material/ReceiptLong'
import { Box, Button, Card, CardActions, CardContent, Chip, Grid, LinearProgress, Link, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { UserSubscription } from '../../../contracts/subscriptions'
import { subscriptionState } from '../../../contracts/subscriptions'
import type { AppDataProvider } from '../../dataProvider'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'

/** Settings › subscriptions: a card per subscription, 2 columns, page by page from `GET /api/v2/user/subscriptions`. */
export function SubscriptionsPane() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [page, setPage] = useState(1)
  const { data, error, isPending } = useLoad(() => dataProvider.getUserSubscriptions(page), String(page))
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !data) return <ErrorDisplay error={error} />
  if (data.items.length === 0 && page === 1) {
    return <Typography color="text.secondary">{translate('aula.account.settings.subscriptions.empty')}</Typography>
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  return (
    <>
      <Grid container spacing={2}>
        {data.items.map((s) => (
          <Grid key={s.id} size={{ xs: 12, md: 6 }}>
            <SubscriptionCard subscription={s} />
          </Grid>
        ))}
      </Grid>
      {pages > 1 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {translate('aula.account.settings.subscriptions.previous')}
          </Button>
          <Typography>{translate('aula.account.settings.subscriptions.page', { page })}</Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {translate('aula.account.settings.subscriptions.next')}
          </Button>
        </Stack>
      )}
    </>
  )
}

function SubscriptionCard({ subscription: s }: { subscription: UserSubscription }) {
  const translate = useTranslate()
  const dates = useDateFormat()
  // The badge follows the clock of this browser with the same rule the server applies.
  const state = subscriptionState(s.createdAt, s.plan.durationDays, s.revokedAt)
  const T = 'aula.account.settings.subscriptions'
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'flex-start' }}>
          <Typography variant="h6" component="h3">
            {/* The course's overview: its plans, a new subscription once this one ended, the way into the player. */}
            <Link component={RouterLink} to={`/galaxy/courses/overview/${s.course.uuid}`} underline="hover" color="inherit">
              {s.course.name}
            </Link>
          </Typography>
          {state.status === 'active' ? (
            <Chip color="success" size="small" label={translate(`${T}.remaining`, { smart_count: state.remainingDays })} />
          ) : (
            <Chip color="error" size="small" label={translate(`${T}.${state.status}`)} />
          )}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate(`${T}.plan`, { name: s.plan.name, smart_count: s.plan.durationDays })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.subscribed`, { date: dates.dateTime(s.createdAt) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.expires`, { date: dates.dateTime(state.expiresAt) })}
        </Typography>
      </CardContent>
      {s.receipt && (
        <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
          <ReceiptButton subscription={s} />
        </CardActions>
      )}
    </Card>
  )
}

/** Downloads the receipt of a bought subscription, in the language the learner reads the app in. */
function ReceiptButton({ subscription: s }: { subscription: UserSubscription }) {
  const translate = useTranslate()
  const notify = useNotify()
  const [locale] = useLocaleState()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [busy, setBusy] = useState(false)
  const T = 'aula.account.settings.subscriptions'
  const download = async () => {
    setBusy(true)
    try {
      await dataProvider.downloadReceipt(s.id, `${s.course.name} - ${translate(`${T}.receipt`)}.pdf`, { lang: locale })
    } catch {
      notify(`${T}.receiptFailed`, { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReceiptIcon />}
      onClick={download}
      disabled={busy}
      aria-label={translate(`${T}.receiptOf`, { course: s.course.name })}
    >
      {translate(`${T}.receipt`)}
    </Button>
  )
}
