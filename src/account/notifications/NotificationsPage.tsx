import { Box, Button, Card, LinearProgress, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { Notification } from '../../../contracts/notifications'
import type { AppDataProvider } from '../../dataProvider'
import { markAllNotificationsRead, markNotificationRead } from '../../layout/notifications/feed'
import { useNotificationText } from '../../layout/notifications/texts'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'

const PAGE = 20

/** `/account/notifications`: every notification of the signed-in user, newest first, a page at a time (decision 0032). */
export function NotificationsPage() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [items, setItems] = useState<Notification[]>([])
  const [token, setToken] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)

  const load = (after: string | null) =>
    dataProvider.listNotifications(PAGE, after).then(
      (page) => {
        setItems((prev) => (after ? [...prev, ...page.items] : page.items))
        setToken(page.paginationToken)
        setError(null)
        setLoading(false)
      },
      (e: unknown) => {
        setError(e)
        setLoading(false)
      },
    )
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the first page, once
  useEffect(() => void load(null), [])
  const more = () => {
    setLoading(true)
    void load(token)
  }

  const now = () => new Date().toISOString()
  const markRead = (n: Notification) => {
    if (n.readAt) return
    setItems((prev) => prev.map((x) => (x.id === n.id ? { ...x, readAt: now() } : x)))
    markNotificationRead(n.id)
  }
  const markAll = () => {
    setItems((prev) => prev.map((x) => ({ ...x, readAt: x.readAt ?? now() })))
    markAllNotificationsRead()
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          {translate('aula.notifications.page.title')}
        </Typography>
        <Button onClick={markAll} disabled={!items.some((n) => !n.readAt)}>
          {translate('aula.notifications.markAllRead')}
        </Button>
      </Stack>
      {error ? <ErrorDisplay error={error} /> : null}
      {!loading && !error && items.length === 0 && <Typography color="text.secondary">{translate('aula.notifications.empty')}</Typography>}
      {items.length > 0 && (
        <Card variant="outlined">
          <List disablePadding>
            {items.map((n) => (
              <NotificationRow key={n.id} n={n} onRead={() => markRead(n)} />
            ))}
          </List>
        </Card>
      )}
      {loading && <LinearProgress aria-hidden="true" sx={{ mt: 2 }} />}
      {token && !loading && (
        <Button sx={{ mt: 2 }} onClick={more}>
          {translate('aula.notifications.page.loadMore')}
        </Button>
      )}
    </Box>
  )
}

function NotificationRow({ n, onRead }: { n: Notification; onRead: () => void }) {
  const translate = useTranslate()
  const text = useNotificationText()
  const dates = useDateFormat()
  const body = <ListItemText primary={text(n)} secondary={dates.dateTime(n.createdAt)} slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 600 } } }} />
  return (
    <ListItem
      divider
      disablePadding
      sx={{
        bgcolor: n.readAt ? undefined : 'action.hover',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
      }}
    >
      {n.link ? (
        <ListItemButton component={RouterLink} to={n.link} onClick={onRead} sx={{ flex: 1, width: '100%' }}>
          {body}
        </ListItemButton>
      ) : (
        <Box sx={{ flex: 1, px: 2, py: 1 }}>{body}</Box>
      )}
      {!n.readAt && (
        <Button
          size="small"
          onClick={onRead}
          aria-label={`${translate('aula.notifications.markRead')}: ${text(n)}`}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'center' }, flexShrink: 0, whiteSpace: 'nowrap', mx: 1, mb: { xs: 1, sm: 0 } }}
        >
          {translate('aula.notifications.markRead')}
        </Button>
      )}
    </ListItem>
  )
}
