import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import { useTranslate } from 'react-admin'
import { T } from '../common'

const L = `${T}.lists`

/** Someone saved the list since it was opened: load the saved list, or save this one over it. */
export function ListConflictDialog({ open, onLoad, onOverwrite }: { open: boolean; onLoad: () => void; onOverwrite: () => void }) {
  const translate = useTranslate()
  return (
    <Dialog open={open} aria-labelledby="list-conflict-title" aria-describedby="list-conflict-text">
      <DialogTitle id="list-conflict-title">{translate(`${L}.conflictTitle`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="list-conflict-text">{translate(`${L}.conflictText`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLoad}>{translate(`${L}.conflictLoad`)}</Button>
        <Button variant="contained" onClick={onOverwrite}>
          {translate(`${L}.conflictOverwrite`)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
