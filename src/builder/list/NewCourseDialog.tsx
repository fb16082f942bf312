import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { GENERAL_LIMITS } from '../general/GeneralForm'
import type { AppDataProvider } from '../../dataProvider'

/** "New course": a name (1–300 characters), then `POST start` and the builder of the new draft. */
export function NewCourseDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (uuid: string) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const check = (value: string) =>
    value.trim() === ''
      ? translate('aula.builder.validation.required')
      : value.length > GENERAL_LIMITS.name
        ? translate('aula.builder.validation.tooLong', { max: GENERAL_LIMITS.name })
        : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = check(name)
    setError(problem)
    if (problem) return
    setBusy(true)
    setFailure(null)
    try {
      const { uuid } = await dataProvider.startCourse(name.trim())
      setName('')
      onCreated(uuid)
    } catch (err) {
      setFailure(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="new-course-title"
      fullWidth
      maxWidth="sm"
      // The name is the only thing to do here: the caret goes there once the dialog is in.
      slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="new-course-title">{translate('aula.builder.newCourse.title')}</DialogTitle>
        <DialogContent>
          <TextField
            inputRef={input}
            margin="dense"
            id="new-course-name"
            label={translate('aula.builder.newCourse.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value)
              if (error) setError(check(e.target.value))
            }}
            error={Boolean(error)}
            helperText={error}
            required
            fullWidth
            disabled={busy}
          />
          {failure ? <ErrorDisplay error={failure} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('aula.builder.newCourse.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(busy ? 'aula.builder.newCourse.creating' : 'aula.builder.newCourse.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
