import AttachFileIcon from '@mui/icons-material/AttachFile'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { AssignmentValues } from '../../../contracts/courses/content'
import type { StaffSubmission } from '../../../contracts/learner/assignments'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { useDateFormat } from '../../ui/formatDateTime'
import { nestHeadings, sanitizeHtml } from '../../ui/sanitizeHtml'
import { LoadFailed, Loading } from '../content/LoadStates'

const T = 'aula.builder.grading'

/**
 * One submission opened for grading: the learner's files (staff links) and text, the rubric to choose a
 * level of each criterion (or the points), feedback, and Grade or Return for resubmission. The server
 * computes the points, percent and pass; a 409 (someone acted first) says so and offers to reload.
 */
export function GradeDialog({ id, onClose }: { id: string; onClose: (changed: boolean) => void }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const dates = useDateFormat()
  const [item, setItem] = useState<StaffSubmission | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  const [levels, setLevels] = useState<Record<string, string>>({})
  const [points, setPoints] = useState('')
  const [feedback, setFeedback] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [changed, setChanged] = useState(false)

  useEffect(() => {
    let live = true
    dataProvider.getSubmission(id).then(
      (s) => {
        if (!live) return
        setItem(s)
        setFeedback((f) => f || s.feedback || '')
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, id, round])

  const a = (item?.assignment ?? {}) as Partial<AssignmentValues>
  const byPoints = a.grading === 'points'
  const rubric = byPoints ? [] : (a.rubric ?? [])
  const complete = byPoints ? points.trim() !== '' && Number(points) >= 0 && Number(points) <= (item?.maxPoints ?? 0) : rubric.every((c) => levels[c.id])

  const act = async (kind: 'grade' | 'return') => {
    if (!item) return
    setBusy(true)
    setProblem(null)
    try {
      if (kind === 'grade') {
        const answer = await dataProvider.gradeSubmission({
          id: item.id,
          revision: item.revision,
          feedback,
          ...(byPoints ? { points: Number(points) } : { rubric: levels }),
        })
        setItem(answer.Item)
      } else {
        setItem(await dataProvider.returnSubmission({ id: item.id, revision: item.revision, feedback }))
      }
      setChanged(true)
    } catch (err) {
      setProblem(err instanceof ApiError && err.status === 409 ? translate(`${T}.conflict`) : translate(`${T}.saveError`))
    } finally {
      setBusy(false)
    }
  }

  const gradable = item?.status === 'submitted'
  return (
    <Dialog open onClose={() => onClose(changed)} aria-labelledby="grade-title" fullWidth maxWidth="md">
      <DialogTitle id="grade-title">
        {item ? translate(`${T}.dialogTitle`, { name: item.learner.name || item.learner.email, assignment: item.blockTitle }) : translate(`${T}.open`)}
      </DialogTitle>
      <DialogContent>
        {failed ? (
          <LoadFailed text={translate(`${T}.loadError`)} onRetry={() => (setFailed(false), setRound((r) => r + 1))} />
        ) : !item ? (
          <Loading text={translate(`${T}.loading`)} />
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.handedIn`, { date: dates.dateTime(item.submittedAt), smart_count: item.submissions })}
              {item.late && ` · ${translate(`${T}.late`)}`}
            </Typography>
            {item.files.length > 0 && (
              <Box>
                <Typography component="h3" variant="subtitle1">
                  {translate(`${T}.files`)}
                </Typography>
                {item.files.map((f) => (
                  <Box key={f.path}>
                    <Link href={f.url} download={f.name} sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                      <AttachFileIcon fontSize="small" aria-hidden />
                      {translate(`${T}.download`, { name: f.name })}
                    </Link>
                  </Box>
                ))}
              </Box>
            )}
            {item.text && (
              <Box>
                <Typography component="h3" variant="subtitle1">
                  {translate(`${T}.text`)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.text}</Typography>
              </Box>
            )}
            {item.grade && (
              <Alert severity={item.grade.passed ? 'success' : 'warning'}>
                {translate(item.grade.passed ? `${T}.gradedPassed` : `${T}.gradedFailed`, {
                  points: item.grade.points,
                  max: item.grade.maxPoints,
                  score: item.grade.score,
                })}
              </Alert>
            )}
            {item.status === 'returned' && <Alert severity="info">{translate(`${T}.returnedNote`)}</Alert>}
            {gradable && (
              <>
                {a.instructions && (
                  <details>
                    <summary>{translate(`${T}.instructions`)}</summary>
                    <Box dangerouslySetInnerHTML={{ __html: nestHeadings(sanitizeHtml(a.instructions), 3) }} />
                  </details>
                )}
                {byPoints ? (
                  <TextField
                    label={translate(`${T}.points`, { max: item.maxPoints })}
                    type="number"
                    value={points}
                    onChange={(e) => setPoints(e.target.value)}
                    slotProps={{ htmlInput: { min: 0, max: item.maxPoints, step: 0.5 } }}
                    sx={{ maxWidth: 240 }}
                  />
                ) : (
                  rubric.map((c) => (
                    <FormControl key={c.id}>
                      <FormLabel id={`criterion-${c.id}`}>{c.title}</FormLabel>
                      <RadioGroup
                        row
                        aria-labelledby={`criterion-${c.id}`}
                        value={levels[c.id] ?? ''}
                        onChange={(e) => setLevels({ ...levels, [c.id]: e.target.value })}
                      >
                        {c.levels.map((l) => (
                          <FormControlLabel
                            key={l.id}
                            value={l.id}
                            control={<Radio />}
                            label={translate(`${T}.level`, { title: l.title, smart_count: l.points })}
                          />
                        ))}
                      </RadioGroup>
                    </FormControl>
                  ))
                )}
                <TextField
                  label={translate(`${T}.feedback`)}
                  value={feedback}
                  onChange={(e) => setFeedback(e.target.value)}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: 20000 } }}
                />
              </>
            )}
            {!gradable && item.feedback && (
              <Box>
                <Typography component="h3" variant="subtitle1">
                  {translate(`${T}.feedback`)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.feedback}</Typography>
              </Box>
            )}
            <Box role="alert">
              {problem && (
                <Alert
                  severity="error"
                  action={
                    <Button color="inherit" onClick={() => (setProblem(null), setRound((r) => r + 1))}>
                      {translate(`${T}.reload`)}
                    </Button>
                  }
                >
                  {problem}
                </Alert>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(changed)}>{translate(`${T}.close`)}</Button>
        {gradable && (
          <>
            <Button onClick={() => void act('return')} disabled={busy || !feedback.trim()}>
              {translate(`${T}.return`)}
            </Button>
            <Button variant="contained" onClick={() => void act('grade')} disabled={busy || !complete}>
              {translate(`${T}.grade`)}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}
