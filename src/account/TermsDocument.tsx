import { Box, LinearProgress, Typography } from '@mui/material'
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin'
import { TERMS_DOCUMENT_ID } from '../../contracts/documents'
import type { AppDataProvider } from '../dataProvider'
import { htmlLang, type Locale } from '../i18n'
import { ErrorDisplay } from '../ui/ErrorDisplay'
import { formatDate } from '../ui/formatDateTime'
import { sanitizeHtml, shiftHeadings } from '../ui/sanitizeHtml'
import { useLoad } from '../ui/useLoad'

/** The key of the terms document (requirements §3). */
export const TERMS_DOCUMENT = TERMS_DOCUMENT_ID

/**
 * The terms of use and privacy in the reader's interface language (fetched again when it changes),
 * from the documents service. The document's name is its title at `level` (1 on its own page, 2 as a
 * settings pane), and the document's own headings sit below it, smaller.
 */
export function TermsDocument({ level = 2 }: { level?: 1 | 2 }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [locale] = useLocaleState()
  const translate = useTranslate()
  const { data, error, isPending } = useLoad(() => dataProvider.getDocument(TERMS_DOCUMENT, locale), `${TERMS_DOCUMENT}:${locale}`)
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !data) return <ErrorDisplay error={error} />
  // The document's HTML starts at h2; below a title at `level` it starts one level further down.
  const first = level + 1
  return (
    <Box component="article" lang={htmlLang[data.Locale as Locale]}>
      <Typography variant={level === 1 ? 'h4' : 'h5'} component={level === 1 ? 'h1' : 'h2'} sx={{ mb: 0.5 }}>
        {data.Name}
      </Typography>
      {/* The interface's language writes the date, whichever language the document came in. */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} lang={htmlLang[locale as Locale]}>
        {translate('aula.account.settings.terms.published', { date: formatDate(data.published_at, locale) })}
      </Typography>
      <Box
        sx={(theme) => ({
          lineHeight: 1.7,
          '& p': { my: 1.5 },
          [`& h${first}`]: { ...theme.typography.h6, fontWeight: 600, mt: 3, mb: 1 },
          [`& h${first + 1}`]: { ...theme.typography.subtitle1, fontWeight: 600, mt: 2, mb: 0.5 },
        })}
        dangerouslySetInnerHTML={{ __html: shiftHeadings(sanitizeHtml(data.Content), level - 1) }}
      />
    </Box>
  )
}
