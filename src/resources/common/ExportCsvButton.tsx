import DownloadOutlined from '@mui/icons-material/DownloadOutlined'
import { Button, CircularProgress } from '@mui/material'
import { useState } from 'react'
import { useListContext, useNotify, useTranslate } from 'react-admin'
import { downloadCsv } from './csv'
import { failureText } from './ConfirmAction'

/** Exports every row the list's filters match (not just the page shown) as a CSV download. */
export function ExportCsvButton({ build, filename }: { build: (filter: Record<string, unknown>) => Promise<string>; filename: string }) {
  const { filterValues } = useListContext()
  const translate = useTranslate()
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      downloadCsv(await build(filterValues as Record<string, unknown>), filename)
    } catch (error) {
      notify(failureText(error, translate('aula.admin.common.failed')), { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="outlined"
      onClick={run}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : <DownloadOutlined />}
    >
      {translate('aula.admin.common.exportCsv')}
    </Button>
  )
}
