import { Alert, AlertTitle, Box, Button } from '@mui/material'
import { useLocaleState, useTranslate } from 'react-admin'
import { htmlLang, type Locale } from '../../i18n'
import type { PendingRecord } from './pendingStore'

/** "5 minutes ago" in the reader's language. */
export function ageOf(at: number, locale: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(htmlLang[locale as Locale] ?? 'en', { numeric: 'auto' })
  const seconds = Math.round((at - now) / 1000)
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
  ]
  let value = seconds
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit)
    value /= size
  }
  return format.format(Math.round(value), 'year')
}

/**
 * The edits that pages now gone (a closed tab, this tab before a reload) could not send: how many, how
 * old, which revision they were made against. Nothing of them is applied until the person restores them
 * (compared with the course as saved now first) or discards them.
 */
export function UnsentEdits({
  records,
  tab,
  onRestore,
  onDiscard,
}: {
  records: PendingRecord[]
  tab: string
  onRestore: (record: PendingRecord) => void
  onDiscard: (record: PendingRecord) => void
}) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  if (records.length === 0) return null
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {records.map((record) => {
        const titleId = `unsent-${record.writer}`
        const count = record.writes.length
        return (
          <Alert
            key={record.writer}
            severity="warning"
            role="region"
            aria-labelledby={titleId}
            action={
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                <Button color="inherit" size="small" variant="outlined" onClick={() => onRestore(record)}>
                  {translate('aula.builder.unsent.restore')}
                </Button>
                <Button color="inherit" size="small" onClick={() => onDiscard(record)}>
                  {translate('aula.builder.unsent.discard')}
                </Button>
              </Box>
            }
            sx={{ alignItems: 'flex-start', '& .MuiAlert-action': { pt: 0.5 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <AlertTitle id={titleId} component="h2" sx={{ fontSize: '1rem' }}>
              {translate(record.tab && record.tab === tab ? 'aula.builder.unsent.titleThisTab' : 'aula.builder.unsent.title')}
            </AlertTitle>
            {record.baseRevision === null
              ? translate('aula.builder.unsent.summaryOld', { smart_count: count })
              : translate('aula.builder.unsent.summary', { smart_count: count, age: ageOf(record.createdAt, locale), revision: record.baseRevision })}
            {record.conflict ? ` ${translate('aula.builder.unsent.refused')}` : ''}
          </Alert>
        )
      })}
    </Box>
  )
}
