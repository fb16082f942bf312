import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { useDataProvider } from 'react-admin'
import type { FormResult, LearnerForm } from '../../../contracts/learner/forms'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import type { PlayerTranslate } from '../player/texts'
import { AttemptForm, type EndReason } from './AttemptForm'
import type { Attempt, AttemptResult } from './attemptTypes'
import { FormHistory } from './FormHistory'

interface Props {
  course: string
  id: string
  t: PlayerTranslate
  /** After a graded attempt: whether it passed, and the certificate when the course is now complete. */
  onGraded: (result: FormResult) => void
}

type Open = { attempt: Attempt; offsetMs: number }
type Ended = { result: AttemptResult; reason: EndReason; questions: Attempt['questions'] }

/**
 * An evaluation as the learner takes it: the standing (attempts used and left, best score, pass or fail)
 * and the time limit (`forms/request`); "Start" opens an attempt on the server (`forms/attempts/start`,
 * which counts a try), or the open one comes back by itself; the attempt is answered page by page
 * (`AttemptForm`), and after it the server's grade with which questions were right — never which
 * options were — or, while essays wait for a person, that the grade is pending.
 */
export function EvaluationForm({ course, id, t, onGraded }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [form, setForm] = useState<LearnerForm | null>(null)
  const [loadError, setLoadError] = useState(false)
  const [round, setRound] = useState(0)
  const [open, setOpen] = useState<Open | null>(null)
  const [ended, setEnded] = useState<Ended | null>(null)
  const [starting, setStarting] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const resultRef = useRef<HTMLDivElement>(null)

  const start = useCallback(async () => {
    setStarting(true)
    setProblem(null)
    try {
      const started = await dataProvider.startFormAttempt(course, id)
      setEnded(null)
      setOpen({ attempt: started.attempt, offsetMs: started.offsetMs })
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { code?: string } | undefined) : undefined
      setProblem(body?.code === 'NO_ATTEMPTS_LEFT' ? t('form.noAttemptsLeft') : t('form.startError'))
    } finally {
      setStarting(false)
    }
  }, [dataProvider, course, id, t])

  useEffect(() => {
    let live = true
    dataProvider.requestForm(course, id).then(
      (f) => {
        if (!live) return
        setForm(f)
        // An attempt left open (a reload, another device) comes back with its answers.
        if (f.openAttempt) void start()
      },
      () => live && setLoadError(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, id, round, start])

  useEffect(() => {
    if (ended) resultRef.current?.focus()
  }, [ended])

  const onEnded = useCallback(
    (result: AttemptResult, reason: EndReason) => {
      setEnded({ result, reason, questions: open?.attempt.questions ?? [] })
      setOpen(null)
      setForm((f) => (f ? { ...f, ...result.standing, openAttempt: null } : f))
      // The player reads the grade as `forms/completed` gives it: an essay waiting for a grade is not right.
      onGraded({ ...result, questions: result.questions.map((q) => ({ id: q.id, right: q.right === true })) })
    },
    [onGraded, open],
  )

  if (loadError)
    return (
      <Alert severity="error" action={<Button onClick={() => (setLoadError(false), setRound((r) => r + 1))}>{t('retry')}</Button>}>
        {t('form.loadError')}
      </Alert>
    )
  if (!form || (form.openAttempt && !open && !ended && !problem))
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden="true" /> {t('form.loading')}
      </Box>
    )

  const canTry = form.attemptsLeft > 0 && !form.passed

  return (
    <Stack spacing={2}>
      <Standing t={t} {...form} />
      {ended && <ResultView t={t} ended={ended} resultRef={resultRef} canTry={canTry} starting={starting} onAgain={() => void start()} />}
      {open ? (
        <AttemptForm key={open.attempt.id} t={t} name={form.name} attempt={open.attempt} offsetMs={open.offsetMs} onEnded={onEnded} />
      ) : (
        <>
          {!ended && form.passed && <Alert severity="success">{t('form.alreadyPassed')}</Alert>}
          {!ended && !canTry && !form.passed && <Alert severity="error">{t('form.noAttemptsLeft')}</Alert>}
          {!ended && canTry && (
            <Box>
              <Typography sx={{ mb: 1 }}>
                {form.timeLimitMinutes ? t('form.timed', { smart_count: form.timeLimitMinutes }) : t('form.untimed')}{' '}
                {t('form.startUsesTry', { smart_count: form.attemptsLeft })}
              </Typography>
              <Button variant="contained" onClick={() => void start()} disabled={starting}>
                {starting ? t('form.starting') : form.attemptsUsed ? t('form.startAgain') : t('form.start')}
              </Button>
            </Box>
          )}
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </>
      )}
      <FormHistory t={t} course={course} id={id} round={form.attemptsUsed + (ended ? 1 : 0)} />
    </Stack>
  )
}

/** The attempt's grade: passed or not, or waiting for a person to grade its essays; which questions were right. */
function ResultView({
  t,
  ended: { result, reason, questions },
  resultRef,
  canTry,
  starting,
  onAgain,
}: {
  t: PlayerTranslate
  ended: Ended
  resultRef: RefObject<HTMLDivElement | null>
  canTry: boolean
  starting: boolean
  onAgain: () => void
}) {
  const rightOf = new Map(result.questions.map((q) => [q.id, q]))
  const again = !result.pending && !result.passed && canTry
  return (
    <Stack spacing={1}>
      {reason !== 'submitted' && <Alert severity="warning">{reason === 'timeUp' || result.late ? t('form.timeUpGraded') : t('form.closedGraded')}</Alert>}
      <Alert
        severity={result.pending ? 'info' : result.passed ? 'success' : 'warning'}
        ref={resultRef}
        tabIndex={-1}
        action={
          again ? (
            <Button color="inherit" onClick={onAgain} disabled={starting}>
              {t('form.tryAgain')}
            </Button>
          ) : undefined
        }
      >
        {result.pending ? (
          <strong>{t('form.pending')}</strong>
        ) : (
          <>
            <strong>{result.passed ? t('form.resultPassed') : t('form.resultFailed')}</strong> {t('form.score', { score: result.score })}
          </>
        )}
      </Alert>
      {questions.length > 0 && (
        <Box component="ol" aria-label={t('form.answers')} sx={{ m: 0, pl: 3 }}>
          {questions.map((q) => {
            const graded = rightOf.get(q.id)
            const right = graded?.right
            const outcome: { color: 'default' | 'success' | 'error'; label: string } =
              q.type === 'essay'
                ? graded?.points === null || graded?.points === undefined
                  ? { color: 'default', label: t('form.waitingGrade') }
                  : { color: 'success', label: t('form.essayPoints', { points: graded.points, max: graded.maxPoints ?? q.maxPoints }) }
                : right
                  ? { color: 'success', label: t('form.right') }
                  : { color: 'error', label: t('form.wrong') }
            return (
              <Box component="li" key={q.id} sx={{ mb: 0.5 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {q.text}
                  </Typography>
                  <Chip size="small" color={outcome.color} label={outcome.label} />
                </Box>
              </Box>
            )
          })}
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
  pending,
}: {
  t: PlayerTranslate
  tries: number
  requiredScore: number
  attemptsUsed: number
  attemptsLeft: number
  bestScore: number | null
  passed: boolean
  pending?: boolean
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
      <dd>{attemptsUsed === 0 ? t('form.noAttempts') : passed ? t('form.passed') : pending ? t('form.waitingGrade') : t('form.failed')}</dd>
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
