import { Button, Stack } from '@mui/material'
import type { Ref } from 'react'
import { useTranslate } from 'react-admin'
import { ApiError } from '../dataProvider/http'
import { ErrorDisplay } from './ErrorDisplay'

/**
 * Whether asking again may help: no answer (network), a server failure or a wait (429, 503). A refusal
 * or an address that names nothing (400, 403, 404) answers the same however often it is asked.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status === 429 || error.status >= 500
}

/** A failed load: requirements §8's text and, when asking again may help, 'Try again'. */
export function LoadFailure({ error, onRetry, retryRef }: { error: unknown; onRetry: () => void; retryRef?: Ref<HTMLButtonElement> }) {
  const translate = useTranslate()
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <ErrorDisplay error={error} />
      {isRetryable(error) && (
        <Button ref={retryRef} variant="outlined" onClick={onRetry}>
          {translate('aula.error.retry')}
        </Button>
      )}
    </Stack>
  )
}
