import { Box, CircularProgress, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'

/** Requirements §9: how long the preloader shows. */
export const PRELOADER_MS = 2500

/** A full-page spinner shown for 2500 ms when the app starts, if the layout settings enable it. */
export function Preloader({ enabled }: { enabled: boolean }) {
  const translate = useTranslate()
  // Decided once, when the shell mounts: turning the option on later takes effect at the next start.
  const [visible, setVisible] = useState(enabled)

  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setVisible(false), PRELOADER_MS)
    return () => clearTimeout(timer)
  }, [visible])

  if (!visible) return null
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress size={56} thickness={4} aria-hidden="true" />
      <Typography color="text.secondary">{translate('aula.preloader')}</Typography>
    </Box>
  )
}
