import { Alert, AlertTitle } from '@mui/material'
import { useTranslate } from 'react-admin'
import { ApiError } from '../dataProvider/http'
import { identityErrorMessage } from './identityErrors'

/** The shared error display for failed loads (documents, subscriptions, devices): requirements §8's texts. */
export function ErrorDisplay({ error }: { error: unknown }) {
  const translate = useTranslate()
  if (error instanceof ApiError) {
    return (
      <Alert severity="error">
        <AlertTitle>{error.title}</AlertTitle>
        {error.detail}
      </Alert>
    )
  }
  return <Alert severity="error">{identityErrorMessage(error, translate)}</Alert>
}
