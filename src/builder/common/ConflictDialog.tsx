import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { ErrorDisplay } from '../../ui/ErrorDisplay'

/**
 * Shown while the saver is paused on a 409 STALE_REVISION: the only way on is to fetch the course
 * again, after which the pending edits are replayed on top of it (nothing typed is lost).
 */
export function ConflictDialog({ open, onReload }: { open: boolean; onReload: () => Promise<void> }) {
  const translate = useTranslate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const reload = async () => {
    setBusy(true)
    setError(null)
    try {
      await onReload()
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={open} aria-labelledby="builder-conflict-title" aria-describedby="builder-conflict-text">
      <DialogTitle id="builder-conflict-title">{translate('aula.builder.saver.conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="builder-conflict-text">{translate('aula.builder.saver.conflictText')}</DialogContentText>
        {error ? <ErrorDisplay error={error} /> : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => void reload()} disabled={busy}>
          {translate(busy ? 'aula.builder.saver.reloading' : 'aula.builder.saver.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
