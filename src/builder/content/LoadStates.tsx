import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'

/** A load under way: a spinner and what is loading (announced as a status). */
export function Loading({ text, size = 24, padded = false }: { text: string; size?: number; padded?: boolean }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', ...(padded ? { p: 2 } : {}) }}>
      <CircularProgress size={size} aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  )
}

/** A failed load: what could not be loaded, and a Retry button that loads it again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const translate = useTranslate()
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {translate('aula.builder.contentEditor.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  )
}
