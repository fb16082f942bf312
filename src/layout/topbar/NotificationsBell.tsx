import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined'
import { Badge, Box, Divider, IconButton, ListItemText, MenuItem, Tooltip, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { Notification } from '../../../contracts/notifications'
import { InPlaceMenu } from '../../ui/InPlaceMenu'
import { useDateFormat } from '../../ui/formatDateTime'
import { markAllNotificationsRead, markNotificationRead, useNotificationFeed } from '../notifications/feed'
import { useNotificationText } from '../notifications/texts'

/** Where the list of every notification is (the account area). */
export const NOTIFICATIONS_PAGE = '/account/notifications'

/**
 * The top bar's bell (decision 0032): the unread count, live; its menu lists the latest, each one a
 * link that marks it read, then "mark all as read" and "see all".
 */
export function NotificationsBell() {
  const translate = useTranslate()
  const { unread, latest } = useNotificationFeed()
  const text = useNotificationText()
  const dates = useDateFormat()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const close = () => setAnchor(null)
  const label = unread === null ? translate('aula.notifications.bellLoading') : translate('aula.notifications.bell', { count: unread })

  const markRead = (n: Notification) => {
    close()
    if (!n.readAt) markNotificationRead(n.id)
  }
  const markAll = () => {
    close()
    markAllNotificationsRead()
  }

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? 'aula-notifications-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread ?? 0} color="error" max={99} aria-hidden="true">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <InPlaceMenu
        id="aula-notifications-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 24px)', sm: 380 }, maxWidth: 380 } } }}
      >
        <Typography component="li" variant="subtitle2" sx={{ px: 2, py: 1 }} aria-hidden="true">
          {translate('aula.notifications.menuTitle')}
        </Typography>
        {latest.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{translate('aula.notifications.empty')}</ListItemText>
          </MenuItem>
        )}
        {latest.map((n) => (
          <MenuItem
            key={n.id}
            component={Link}
            to={n.link ?? NOTIFICATIONS_PAGE}
            onClick={() => markRead(n)}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
          >
            <Box
              aria-hidden="true"
              sx={{ width: 8, height: 8, borderRadius: '50%', mt: 1, mr: 1.5, flexShrink: 0, bgcolor: n.readAt ? 'transparent' : 'primary.main' }}
            />
            <ListItemText
              primary={
                <>
                  {!n.readAt && <Box component="span" sx={visuallyHidden}>{`${translate('aula.notifications.unread')}: `}</Box>}
                  {text(n)}
                </>
              }
              secondary={dates.dateTime(n.createdAt)}
              slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={markAll} disabled={!unread}>
          <ListItemText>{translate('aula.notifications.markAllRead')}</ListItemText>
        </MenuItem>
        <MenuItem component={Link} to={NOTIFICATIONS_PAGE} onClick={close}>
          <ListItemText>{translate('aula.notifications.seeAll')}</ListItemText>
        </MenuItem>
      </InPlaceMenu>
    </>
  )
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const
