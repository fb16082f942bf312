import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { MAX_ESSAY_FEEDBACK, type EssayGradeResponse, type EssayItem } from '../../../contracts/courses/essays'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { useDateFormat } from '../../ui/formatDateTime'

const T = 'aula.builder.grading.essays'

/** The points as typed, or the reason they cannot be sent. */
function pointsOf(text: string, max: number): number | 'missing' | 'range' {
  const trimmed = text.trim()
  if (trimmed === '') return 'missing'
  const n = Number(trimmed)
  if (!Number.isFinite(n) || n < 0 || n > max) return 'range'
  return n
}

/**
 * One essay opened for grading: the question's prompt and the learner's answer (as plain text), the
 * points out of the question's maximum and feedback. The save carries the essay's revision; a 409
 * (someone graded it first) says so and reloads the queue behind the dialog. Whatever the grader typed
 * stays in the fields on any error.
 */
export function EssayGradeDialog({
  course,
  essay,
  learner,
  onStale,
  onClose,
}: {
  course: string
  essay: EssayItem
  learner: string
  /** Someone else graded the essay first: the queue reloads. */
  onStale: () => void
  onClose: (changed: boolean) => void
}) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const dates = useDateFormat()
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })
  const [points, setPoints] = useState(essay.points === null ? '' : String(essay.points))
  const [feedback, setFeedback] = useState(essay.feedback ?? '')
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [stale, setStale] = useState(false)
  const [done, setDone] = useState<EssayGradeResponse | null>(null)

  const value = pointsOf(points, essay.maxPoints)
  const pointsError = checked && typeof value !== 'number' ? translate(`${T}.pointsError`, { max: essay.maxPoints }) : undefined

  const save = async (e: FormEvent) => {
    e.preventDefault()
    setChecked(true)
    if (typeof value !== 'number' || busy) return
    setBusy(true)
    setProblem(null)
    try {
      const answer = await dataProvider.gradeEssay(course, essay.attempt, essay.question, {
        points: value,
        feedback,
        revision: essay.revision,
      })
      setDone(answer)
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStale(true)
        setProblem(translate(`${T}.conflict`))
        onStale()
      } else if (err instanceof ApiError && err.status === 400) {
        setProblem(translate(`${T}.invalid`, { max: essay.maxPoints }))
      } else {
        setProblem(translate(`${T}.saveError`))
      }
    } finally {
      setBusy(false)
    }
  }

  const close = () => onClose(done !== null)
  return (
    <Dialog open onClose={close} aria-labelledby="essay-grade-title" fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id="essay-grade-title">
        {translate(`${T}.dialogTitle`, { form: essay.form.name || translate(`${T}.untitledForm`), name: learner })}
      </DialogTitle>
      {/* A form, so that Enter in the points saves; the dialog's content still scrolls inside it. */}
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => void save(e)}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.submittedOn`, { date: dates.dateTime(essay.submittedAt) })}
            </Typography>
            <Box>
              <Typography component="h3" variant="subtitle1">
                {translate(`${T}.prompt`)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{essay.prompt}</Typography>
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle1">
                {translate(`${T}.answer`)}
              </Typography>
              {essay.answer.trim() ? (
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
                  {essay.answer}
                </Typography>
              ) : (
                <Typography color="text.secondary">{translate(`${T}.noAnswer`)}</Typography>
              )}
            </Box>
            {done ? (
              <Alert severity="success">
                {translate(`${T}.graded`, { points: done.essay.points ?? value, max: essay.maxPoints })}
                {done.attempt.status === 'graded' && done.attempt.score !== null && (
                  <> {translate(done.attempt.passed ? `${T}.attemptPassed` : `${T}.attemptFailed`, { score: done.attempt.score })}</>
                )}
              </Alert>
            ) : (
              <>
                <TextField
                  label={translate(`${T}.points`, { max: essay.maxPoints })}
                  type="number"
                  value={points}
                  onChange={(e) => setPoints(e.target.value)}
                  error={Boolean(pointsError)}
                  helperText={pointsError}
                  required
                  slotProps={{ htmlInput: { min: 0, max: essay.maxPoints, step: 0.5, inputMode: 'decimal' } }}
                  sx={{ maxWidth: 240 }}
                />
                <TextField
                  label={translate(`${T}.feedback`)}
                  value={feedback}
                  onChange={(e) => setFeedback(e.target.value)}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: MAX_ESSAY_FEEDBACK } }}
                />
              </>
            )}
            <Box role="alert">{problem && <Alert severity={stale ? 'warning' : 'error'}>{problem}</Alert>}</Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(`${T}.close`)}</Button>
          {!done && (
            <Button type="submit" variant="contained" disabled={busy || stale}>
              {translate(`${T}.save`)}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  )
}
