import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { FormResult, LearnerForm } from '../../../contracts/learner/forms'
import { ApiError } from '../../dataProvider/http'
import type { PlayerTranslate } from '../player/texts'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'

interface Props {
  course: string
  id: string
  t: PlayerTranslate
  /** After a graded attempt: whether it passed, and the certificate when the course is now complete. */
  onGraded: (result: FormResult) => void
}

type Answers = Record<string, string[]>

/**
 * An evaluation as the learner takes it: the questions without their answers (`forms/request`), the
 * standing (attempts used and left, best score, pass or fail), and after each attempt the server's
 * grade with which questions were right — never which options were.
 */
export function EvaluationForm({ course, id, t, onGraded }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [form, setForm] = useState<LearnerForm | null>(null)
  const [loadError, setLoadError] = useState(false)
  const [round, setRound] = useState(0)
  const [answers, setAnswers] = useState<Answers>({})
  const [result, setResult] = useState<FormResult | null>(null)
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const resultRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let live = true
    dataProvider.requestForm(course, id).then(
      (f) => live && setForm(f),
      () => live && setLoadError(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, id, round])

  useEffect(() => {
    if (result) resultRef.current?.focus()
  }, [result])

  if (loadError)
    return (
      <Alert severity="error" action={<Button onClick={() => (setLoadError(false), setRound((r) => r + 1))}>{t('retry')}</Button>}>
        {t('form.loadError')}
      </Alert>
    )
  if (!form)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden="true" /> {t('form.loading')}
      </Box>
    )

  const standing = result?.standing ?? form
  const canTry = standing.attemptsLeft > 0 && !standing.passed
  const rightOf = new Map(result?.questions.map((q) => [q.id, q.right]))

  const toggle = (question: string, option: string, single: boolean) => {
    setProblem(null)
    setAnswers((prev) => {
      const chosen = prev[question] ?? []
      if (single) return { ...prev, [question]: [option] }
      return { ...prev, [question]: chosen.includes(option) ? chosen.filter((o) => o !== option) : [...chosen, option] }
    })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = form.questions.findIndex((q) => !answers[q.id]?.length)
    if (missing >= 0) {
      setProblem(t('form.unanswered', { n: missing + 1 }))
      document.getElementById(`question-${form.questions[missing].id}`)?.focus()
      return
    }
    setSending(true)
    setProblem(null)
    try {
      const graded = await dataProvider.submitForm({ course, id, answers })
      setResult(graded)
      onGraded(graded)
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { code?: string } | undefined) : undefined
      setProblem(body?.code === 'NO_ATTEMPTS_LEFT' ? t('form.noAttemptsLeft') : t('form.sendError'))
    } finally {
      setSending(false)
    }
  }

  const again = () => {
    setResult(null)
    setAnswers({})
    setForm({ ...form, ...result!.standing })
  }

  return (
    <Stack spacing={2}>
      <Standing t={t} tries={form.tries} requiredScore={form.requiredScore} {...standing} />
      {result && (
        <Alert
          severity={result.passed ? 'success' : 'warning'}
          ref={resultRef}
          tabIndex={-1}
          action={
            !result.passed && result.standing.attemptsLeft > 0 ? (
              <Button color="inherit" onClick={again}>
                {t('form.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          <strong>{result.passed ? t('form.resultPassed') : t('form.resultFailed')}</strong> {t('form.score', { score: result.score })}
        </Alert>
      )}
      {!result && standing.passed && <Alert severity="success">{t('form.alreadyPassed')}</Alert>}
      {!result && !canTry && !standing.passed && <Alert severity="error">{t('form.noAttemptsLeft')}</Alert>}
      {(canTry || result) && (
        <Box component="form" noValidate onSubmit={submit} aria-label={form.name}>
          <Stack spacing={2}>
            {form.questions.map((q, i) => {
              const single = q.type !== 'multiple'
              const chosen = answers[q.id] ?? []
              const right = rightOf.get(q.id)
              const legendId = `question-${q.id}`
              return (
                // The box is drawn around the fieldset, not by it: a fieldset's border runs through its
                // legend, which put the question on the line.
                <Box key={q.id} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  <FormControl component="fieldset" disabled={!!result || sending} variant="outlined" sx={{ display: 'flex', m: 0, p: 0, border: 0 }}>
                    <FormLabel
                      component="legend"
                      id={legendId}
                      tabIndex={-1}
                      sx={{ p: 0, mb: 0.5, color: 'text.primary', '&.Mui-disabled': { color: 'text.primary' } }}
                    >
                      <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
                        {t('form.question', { n: i + 1 })}
                      </Typography>
                      {q.text}
                    </FormLabel>
                    <Typography variant="caption" color="text.secondary">
                      {single ? t('form.chooseOne') : t('form.chooseMany')}
                    </Typography>
                    {single ? (
                      <RadioGroup aria-labelledby={legendId} value={chosen[0] ?? ''} onChange={(e) => toggle(q.id, e.target.value, true)}>
                        {q.options.map((o) => (
                          <FormControlLabel key={o.id} value={o.id} control={<Radio />} label={o.text} />
                        ))}
                      </RadioGroup>
                    ) : (
                      <FormGroup aria-labelledby={legendId}>
                        {q.options.map((o) => (
                          <FormControlLabel
                            key={o.id}
                            control={<Checkbox checked={chosen.includes(o.id)} onChange={() => toggle(q.id, o.id, false)} />}
                            label={o.text}
                          />
                        ))}
                      </FormGroup>
                    )}
                    {right !== undefined && (
                      <Chip sx={{ alignSelf: 'flex-start', mt: 1 }} color={right ? 'success' : 'error'} label={right ? t('form.right') : t('form.wrong')} />
                    )}
                  </FormControl>
                </Box>
              )
            })}
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            {!result && (
              <Box>
                <Button type="submit" variant="contained" disabled={sending}>
                  {sending ? t('form.submitting') : t('form.submit')}
                </Button>
              </Box>
            )}
          </Stack>
        </Box>
      )}
    </Stack>
  )
}

function Standing({
  t,
  tries,
  requiredScore,
  attemptsUsed,
  attemptsLeft,
  bestScore,
  passed,
}: {
  t: PlayerTranslate
  tries: number
  requiredScore: number
  attemptsUsed: number
  attemptsLeft: number
  bestScore: number | null
  passed: boolean
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0 },
      }}
    >
      <dt>{t('form.status')}</dt>
      <dd>{attemptsUsed === 0 ? t('form.noAttempts') : passed ? t('form.passed') : t('form.failed')}</dd>
      <dt>{t('form.requiredScore')}</dt>
      <dd>{requiredScore} %</dd>
      <dt>{t('form.attempts')}</dt>
      <dd>
        {attemptsUsed} / {tries}
      </dd>
      <dt>{t('form.attemptsLeft')}</dt>
      <dd>{attemptsLeft}</dd>
      <dt>{t('form.bestScore')}</dt>
      <dd>{bestScore === null ? '—' : `${bestScore} %`}</dd>
    </Box>
  )
}
