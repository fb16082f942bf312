import { Alert, AlertTitle, Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { ImportReport, ImportReportEntry } from '../../../contracts/courses/cartridge'
import type { AppDataProvider } from '../../dataProvider'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useLoad } from '../../ui/useLoad'
import { Scroll } from '../../ui/Scroll'

const COUNTS = ['sections', 'text', 'image', 'attachment', 'link', 'form', 'questions'] as const

/**
 * On a draft made from a Common Cartridge: what the import brought in and what it left out, until
 * someone who edits the course dismisses it (docs/course-creator.md "Importing a Common Cartridge").
 */
export function ImportReportPanel({ uuid }: { uuid: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const loaded = useLoad(() => dataProvider.getImportReport(uuid), uuid)
  const [dismissed, setDismissed] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const report = loaded.data?.report
  if (!report || dismissed) return null

  const dismiss = async () => {
    setFailure(null)
    try {
      await dataProvider.dismissImportReport(uuid)
      setDismissed(true)
    } catch (error) {
      setFailure(error)
    }
  }

  const notImported = report.entries.filter((e) => e.reason !== 'page-file')
  const pageFiles = report.entries.filter((e) => e.reason === 'page-file')
  return (
    <Alert
      severity={notImported.length ? 'warning' : 'success'}
      component="section"
      // A standing notice of the page, not an alarm: a region named by its title, read when reached.
      role="region"
      aria-labelledby="import-report-title"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
      action={
        <Button color="inherit" size="small" onClick={() => void dismiss()}>
          {translate('aula.builder.importReport.dismiss')}
        </Button>
      }
    >
      <AlertTitle id="import-report-title" component="h2" sx={{ fontSize: '1rem' }}>
        {translate('aula.builder.importReport.title', { file: report.fileName, version: report.version })}
      </AlertTitle>
      <Typography variant="body2">{translate('aula.builder.importReport.imported', { list: countsText(report, translate) })}</Typography>
      {notImported.length ? (
        <Entries title={translate('aula.builder.importReport.notImported')} entries={notImported} more={report.more} />
      ) : (
        <Typography variant="body2">{translate('aula.builder.importReport.allImported')}</Typography>
      )}
      {pageFiles.length ? <Entries title={translate('aula.builder.importReport.pageFiles')} entries={pageFiles} more={0} /> : null}
      {failure ? <ErrorDisplay error={failure} /> : null}
    </Alert>
  )
}

function countsText(report: ImportReport, translate: (key: string, options?: Record<string, unknown>) => string): string {
  const parts = COUNTS.filter((k) => report.imported[k] > 0).map((k) => translate(`aula.builder.importReport.counts.${k}`, { smart_count: report.imported[k] }))
  return parts.length ? parts.join(', ') : translate('aula.builder.importReport.nothing')
}

function Entries({ title, entries, more }: { title: string; entries: ImportReportEntry[]; more: number }) {
  const translate = useTranslate()
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {/* A long list scrolls in its own focusable region (keyboard users scroll it too). */}
      <Scroll label={title} maxHeight={240}>
        <List dense disablePadding>
          {entries.map((e, i) => (
            <ListItem key={i} disableGutters sx={{ py: 0 }}>
              <ListItemText
                primary={`${e.title} — ${translate(`aula.builder.importReport.reasons.${e.reason}`)}`}
                secondary={e.detail}
                slotProps={{ primary: { variant: 'body2' }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
          {more > 0 ? (
            <ListItem disableGutters sx={{ py: 0 }}>
              <ListItemText primary={translate('aula.builder.importReport.more', { smart_count: more })} slotProps={{ primary: { variant: 'body2' } }} />
            </ListItem>
          ) : null}
        </List>
      </Scroll>
    </Box>
  )
}
