import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined'
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined'
import { Alert, Box, Button, CircularProgress, FormControl, FormLabel, Stack, Typography } from '@mui/material'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react'
import { useDataProvider } from 'react-admin'
import { ApiError } from '../../dataProvider/http'
import type { AppDataProvider } from '../../dataProvider'
import type { PlayerTranslate } from '../player/texts'
import { AnswerKeeper, mergeAnswers, readKept, type Answer } from './answerKeeper'
import type { Attempt, AttemptResult } from './attemptTypes'
import { Countdown } from './Countdown'
import { isAnswered, QuestionInput } from './QuestionInput'

/** Questions per page. */
export const PAGE_SIZE = 5

/** Why an attempt ended other than by the learner's "submit": its time ran out, or the server had closed it. */
export type EndReason = 'submitted' | 'timeUp' | 'closed'

interface Props {
  t: PlayerTranslate
  name: string
  attempt: Attempt
  /** The server's clock minus this device's, in ms. */
  offsetMs: number
  onEnded: (result: AttemptResult, reason: EndReason) => void
}

const waitOnline = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => (clearTimeout(timer), window.removeEventListener('online', done), resolve())
    const timer = setTimeout(done, ms)
    window.addEventListener('online', done)
  })

const isNetwork = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429
const isClosed = (error: unknown) => error instanceof ApiError && error.status === 409 && (error.body as { code?: string } | null)?.code === 'ATTEMPT_CLOSED'

/**
 * One attempt, page by page: each answer is kept on the device as it is given and sent in the background
 * (see `answerKeeper`); "Next" sends the page at once; "Submit" waits until every answer is on the server,
 * then asks the server to grade. A timed attempt counts down to the server's deadline and, there, asks the
 * server for the grade of what was saved.
 */
export function AttemptForm({ t, name, attempt, offsetMs, onEnded }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  const [page, setPage] = useState(0)
  const [phase, setPhase] = useState<'answering' | 'submitting' | 'timeUp'>('answering')
  const [problem, setProblem] = useState<{ text: string; unanswered?: boolean } | null>(null)
  const ended = useRef(false)
  const finishRef = useRef<(reason: EndReason) => Promise<void>>(async () => undefined)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const questions = attempt.questions
  const pages = Math.max(1, Math.ceil(questions.length / PAGE_SIZE))

  const keeper = useMemo(
    () =>
      new AnswerKeeper(
        attempt.id,
        mergeAnswers(
          attempt.answers,
          readKept(attempt.id),
          questions.map((q) => q.id),
        ),
        (answers) => dataProvider.saveFormAnswers(attempt.id, answers),
        (state) => {
          redraw()
          // The server closed the attempt (its time was up, or it was submitted elsewhere): take its grade.
          if (state === 'closed') void finishRef.current('closed')
        },
      ),
    // One keeper per attempt; the answers it starts from are read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attempt.id],
  )
  useEffect(() => {
    keeper.attach()
    return () => {
      // Leaving the form sends what waits (best effort): it stays on the device until acknowledged anyway.
      void keeper.flush().catch(() => undefined)
      keeper.dispose()
    }
  }, [keeper])

  /** Asks the server for the grade (submitting is idempotent), through any offline spell. */
  const finish = useCallback(
    async (reason: EndReason) => {
      if (ended.current) return
      ended.current = true
      setPhase((p) => (p === 'timeUp' ? p : 'submitting'))
      let how = reason
      if (reason === 'submitted') {
        try {
          await keeper.saved()
        } catch (error) {
          if (isClosed(error)) how = 'closed'
        }
      } else {
        // The server gives a few seconds' grace: the last answers may still count.
        await Promise.race([keeper.flush().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))])
      }
      for (;;) {
        try {
          const result = await dataProvider.submitFormAttempt(attempt.id, how === 'timeUp' && keeper.pending ? keeper.unsentAnswers() : undefined)
          keeper.dispose(true)
          onEnded(result, how)
          return
        } catch (error) {
          if (!isNetwork(error)) {
            ended.current = false
            setPhase('answering')
            setProblem({ text: t('form.sendError') })
            return
          }
          await waitOnline(5000)
        }
      }
    },
    [dataProvider, attempt.id, keeper, onEnded, t],
  )

  useEffect(() => {
    finishRef.current = finish
  }, [finish])

  const onExpired = useCallback(() => {
    setPhase('timeUp')
    void finish('timeUp')
  }, [finish])

  const answer = (question: string, value: Answer) => {
    setProblem(null)
    keeper.set(question, value)
  }

  const go = (to: number) => {
    void keeper.flush()
    setPage(to)
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  const submit = (event?: FormEvent, anyway = false) => {
    event?.preventDefault()
    // An ordering left as shown is the learner's answer too.
    for (const q of questions)
      if (q.type === 'ordering' && keeper.answers[q.id] === undefined)
        keeper.set(
          q.id,
          q.items.map((i) => i.id),
          true,
        )
    const missing = questions.findIndex((q) => !isAnswered(q, keeper.answers[q.id]))
    if (missing >= 0 && !anyway) {
      setPage(Math.floor(missing / PAGE_SIZE))
      setProblem({ text: t('form.unanswered', { n: missing + 1 }), unanswered: true })
      requestAnimationFrame(() => document.getElementById(`question-${questions[missing]!.id}`)?.focus())
      return
    }
    setProblem(null)
    void finish('submitted')
  }

  const busy = phase !== 'answering'
  const shown = questions.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
  const state = keeper.state

  return (
    <Box component="form" noValidate onSubmit={(e) => submit(e)} aria-label={name}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          {attempt.deadline ? <Countdown t={t} deadline={attempt.deadline} offsetMs={offsetMs} onExpired={onExpired} /> : <span />}
          <Typography ref={headingRef} tabIndex={-1} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('form.page', { page: page + 1, pages })}
          </Typography>
        </Box>
        <SaveState t={t} state={state} pending={keeper.pending} />
        {phase === 'timeUp' && (
          <Alert severity="warning" role="alert">
            {t('form.timeUp')}
          </Alert>
        )}
        {shown.map((q, i) => {
          const legendId = `question-${q.id}`
          return (
            // The box is drawn around the fieldset, not by it: a fieldset's border runs through its legend.
            <Box key={q.id} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <FormControl component="fieldset" disabled={busy} variant="outlined" sx={{ display: 'flex', m: 0, p: 0, border: 0 }}>
                <FormLabel
                  component="legend"
                  id={legendId}
                  tabIndex={-1}
                  sx={{ p: 0, mb: 0.5, color: 'text.primary', '&.Mui-disabled': { color: 'text.primary' } }}
                >
                  <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
                    {t('form.question', { n: page * PAGE_SIZE + i + 1 })}
                  </Typography>
                  {q.text}
                </FormLabel>
                <QuestionInput t={t} question={q} legendId={legendId} answer={keeper.answers[q.id]} disabled={busy} onAnswer={(a) => answer(q.id, a)} />
              </FormControl>
            </Box>
          )
        })}
        {problem && (
          <Alert
            severity="error"
            role="alert"
            action={
              problem.unanswered ? (
                <Button color="inherit" onClick={() => submit(undefined, true)}>
                  {t('form.submitAnyway')}
                </Button>
              ) : undefined
            }
          >
            {problem.text}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {page > 0 && (
            <Button variant="outlined" onClick={() => go(page - 1)} disabled={busy}>
              {t('form.previous')}
            </Button>
          )}
          {page < pages - 1 ? (
            <Button variant="contained" onClick={() => go(page + 1)} disabled={busy}>
              {t('form.next')}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            >
              {busy ? (state === 'offline' ? t('form.submitWhenOnline') : t('form.submitting')) : t('form.submit')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  )
}

/** Where the answers are: all on the server, being sent, or kept on this device while offline. */
function SaveState({ t, state, pending }: { t: PlayerTranslate; state: string; pending: boolean }) {
  if (state === 'offline')
    return (
      <Alert severity="warning" icon={<CloudOffOutlined />} role="status">
        {t('form.offline')}
      </Alert>
    )
  if (state === 'retrying')
    return (
      <Alert severity="warning" role="status">
        {t('form.saveRetrying')}
      </Alert>
    )
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {state === 'saving' || pending ? (
        t('form.saving')
      ) : (
        <>
          <CloudDoneOutlined fontSize="small" aria-hidden="true" /> {t('form.saved')}
        </>
      )}
    </Typography>
  )
}
