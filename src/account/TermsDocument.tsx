import { Box, LinearProgress, Typography } from '@mui/material'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../dataProvider'
import { ErrorDisplay } from './ErrorDisplay'
import { sanitizeHtml } from './sanitizeHtml'
import { useLoad } from './useLoad'

/** The key of the terms document (spec §3). */
export const TERMS_DOCUMENT = 'terms-of-use-and-conditions'

/** The terms of use and privacy, from the documents service; shown on the public page and in settings. */
export function TermsDocument() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, isPending } = useLoad(() => dataProvider.getDocument(TERMS_DOCUMENT), TERMS_DOCUMENT)
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !data) return <ErrorDisplay error={error} />
  return (
    <Box component="article">
      <Typography variant="h5" component="h2" gutterBottom>
        {data.Name}
      </Typography>
      <Box sx={{ '& p': { my: 1.5 }, lineHeight: 1.7 }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(data.Content) }} />
    </Box>
  )
}
