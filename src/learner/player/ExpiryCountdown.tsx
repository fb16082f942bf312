import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined'
import { Box, Button, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import { overviewPath } from './paths'
import type { PlayerTranslate } from './texts'

/** From this many days before the subscription ends, the header counts them down. */
export const COUNTDOWN_DAYS = 14

/** The header's countdown to the subscription's end, with the way to renew it (the course overview, where plans are). */
export function ExpiryCountdown({ t, course, remainingDays }: { t: PlayerTranslate; course: string; remainingDays: number }) {
  if (remainingDays > COUNTDOWN_DAYS) return null
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'warning.dark', minWidth: 0 }}>
      <EventBusyOutlined fontSize="small" aria-hidden="true" />
      <Typography component="span" variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {t('daysLeft', { smart_count: remainingDays })}
      </Typography>
      <Button component={RouterLink} to={overviewPath(course)} size="small" variant="outlined" color="warning" sx={{ ml: 0.5, flexShrink: 0 }}>
        {t('renew')}
      </Button>
    </Box>
  )
}
