import { Alert, Box, Button, Chip, CircularProgress, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDataProvider } from 'react-admin'
import type { PlayerPage, ProgressAnswer } from '../../../contracts/learner/player'
import type { ScoState, ScormCommitAnswer, ScormCommitBody, ScormLaunch, ScormState } from '../../../contracts/learner/scorm'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider'
import { SIMULATION_HEIGHT } from './blocks'
import { startRuntime, type Runtime } from './scormRuntime'
import type { PlayerTranslate } from './texts'

/**
 * A SCORM block: the package's parts (SCOs) with where the learner stands in each, and the part being
 * studied in a sandboxed frame. The run-time API is scorm-again's, here in the player; the package
 * reaches it by messages (see `scormRuntime.ts` and server/courses/scorm/runtime.ts). What the package
 * commits is sent to the server, one commit at a time and the newest last; the server decides what
 * completes the block.
 */
export default function ScormBlock({
  t,
  course,
  page,
  onProgress,
}: {
  t: PlayerTranslate
  course: string
  page: PlayerPage
  onProgress: (answer: ProgressAnswer) => void
}) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const block = page.block.id
  const [state, setState] = useState<ScormState | null>(null)
  const [failed, setFailed] = useState(false)
  const [active, setActive] = useState<string | null>(null)
  const [session, setSession] = useState<{ launch: ScormLaunch; name: string } | null>(null)
  const [problem, setProblem] = useState<'replaced' | 'saving' | 'launch' | null>(null)
  const frame = useRef<HTMLIFrameElement>(null)

  useEffect(() => {
    let live = true
    dataProvider.getScormState(course, block).then(
      (s) => {
        if (!live) return
        setState(s)
        setActive((current) => current ?? (s.scos.find((sco) => !sco.done) ?? s.scos[0]).id)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, block])

  const updateSco = useCallback((sco: ScoState) => setState((s) => s && { ...s, scos: s.scos.map((x) => (x.id === sco.id ? sco : x)) }), [])

  // Report progress through the latest callback without launching again when it changes.
  const progress = useRef(onProgress)
  useEffect(() => {
    progress.current = onProgress
  }, [onProgress])

  // Each part launches when chosen: the server opens a session, the run-time starts with its data,
  // and only then is the frame made, named with that data.
  useEffect(() => {
    if (!active) return
    let live = true
    let runtime: Runtime | null = null
    const handlers = {
      send: (body: ScormCommitBody, keepalive: boolean) => dataProvider.commitSco(course, block, body, keepalive),
      onSaved: (answer: ScormCommitAnswer) => {
        if (!live) return
        setProblem(null)
        updateSco(answer.sco)
        progress.current(answer)
      },
      onFailed: (error: unknown) => live && setProblem(error instanceof ApiError && error.status === 409 ? 'replaced' : 'saving'),
    }
    dataProvider
      .launchSco(course, block, active)
      .then(async (launch) => {
        const started = await startRuntime(launch, () => frame.current?.contentWindow ?? null, handlers)
        if (!live) return started.stop()
        runtime = started
        setSession({ launch, name: started.frameName })
      })
      .catch(() => live && setProblem('launch'))
    return () => {
      live = false
      runtime?.stop()
    }
  }, [dataProvider, course, block, active, updateSco])

  /** Another part: the current one stops (sending what it has not sent) and the chosen one launches. */
  const choose = (id: string) => {
    if (id === active) return
    setSession(null)
    setProblem(null)
    setActive(id)
  }

  if (failed) return <Alert severity="warning">{t('scorm.missing')}</Alert>
  if (!state) return <CircularProgress aria-label={t('scorm.loading')} />
  const title = page.block.values.title || state.title
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t(`scorm.rule.${state.completeWhen}`)}
      </Typography>
      {state.scos.length > 1 && (
        <Box component="nav" aria-label={t('scorm.parts')}>
          <List dense disablePadding>
            {state.scos.map((sco) => (
              <ListItemButton key={sco.id} selected={sco.id === active} aria-current={sco.id === active ? 'true' : undefined} onClick={() => choose(sco.id)}>
                <ListItemText primary={sco.title} />
                <ScoChip t={t} sco={sco} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      )}
      {state.scos.length === 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ScoChip t={t} sco={state.scos[0]} />
        </Stack>
      )}
      {problem === 'replaced' && (
        <Alert severity="warning" action={<Button onClick={() => window.location.reload()}>{t('scorm.reload')}</Button>}>
          {t('scorm.replaced')}
        </Alert>
      )}
      {problem === 'saving' && <Alert severity="warning">{t('scorm.saveFailed')}</Alert>}
      {problem === 'launch' && <Alert severity="error">{t('scorm.launchFailed')}</Alert>}
      {session ? (
        <Box
          key={session.launch.session}
          component="iframe"
          ref={frame}
          name={session.name}
          src={session.launch.url}
          title={t('scorm.frame', { title })}
          sandbox="allow-scripts"
          sx={{ width: '100%', height: SIMULATION_HEIGHT, border: 0, display: 'block' }}
        />
      ) : (
        problem !== 'launch' && (
          <Box sx={{ height: SIMULATION_HEIGHT, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label={t('scorm.launching')} />
          </Box>
        )
      )}
    </Stack>
  )
}

function ScoChip({ t, sco }: { t: PlayerTranslate; sco: ScoState }) {
  const status = sco.success !== 'unknown' ? sco.success : sco.completion === 'not attempted' ? 'notAttempted' : sco.completion
  const label = sco.score === null ? t(`scorm.status.${status}`) : `${t(`scorm.status.${status}`)} · ${t('scorm.score', { score: sco.score })}`
  return <Chip size="small" variant="outlined" color={sco.done ? 'success' : 'default'} label={label} sx={{ ml: 1 }} />
}
