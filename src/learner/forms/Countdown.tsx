import TimerOutlined from '@mui/icons-material/TimerOutlined'
import { Box, Typography } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { visuallyHidden } from '../../ui/visuallyHidden'
import type { PlayerTranslate } from '../player/texts'

/** Minutes left at which the countdown says so to screen readers too. */
const ANNOUNCE_AT = [5, 1]

/** Milliseconds left until `deadline` on the server's clock (`offsetMs`: server clock minus this device's). */
export const msLeft = (deadline: string, offsetMs: number) => Date.parse(deadline) - (Date.now() + offsetMs)

export function formatLeft(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`
}

/**
 * The time left of a timed attempt, counted to the server's deadline on the server's clock. It only shows:
 * the server closes the attempt; at zero `onExpired` lets the form say so.
 */
export function Countdown({ t, deadline, offsetMs, onExpired }: { t: PlayerTranslate; deadline: string; offsetMs: number; onExpired: () => void }) {
  const [left, setLeft] = useState(() => msLeft(deadline, offsetMs))
  const expired = useRef(false)
  const [announce, setAnnounce] = useState('')
  useEffect(() => {
    const tick = () => {
      const ms = msLeft(deadline, offsetMs)
      setLeft(ms)
      const minutes = Math.ceil(ms / 60_000)
      if (ANNOUNCE_AT.includes(minutes) && ms > (minutes - 1) * 60_000 + 55_000) setAnnounce(t('form.minutesLeft', { smart_count: minutes }))
      if (ms <= 0 && !expired.current) {
        expired.current = true
        onExpired()
      }
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [deadline, offsetMs, onExpired, t])
  const low = left < 60_000
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: low ? 'error.main' : 'text.primary' }}>
      <TimerOutlined fontSize="small" aria-hidden="true" />
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {t('form.timeLeft')}
      </Typography>
      <Typography component="span" role="timer" aria-label={t('form.timeLeft')} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {formatLeft(left)}
      </Typography>
      <Box component="span" role="status" sx={visuallyHidden}>
        {announce}
      </Box>
    </Box>
  )
}
