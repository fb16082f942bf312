import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined'
import Close from '@mui/icons-material/Close'
import MenuIcon from '@mui/icons-material/Menu'
import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { Alert, Box, Button, Drawer, IconButton, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useDataProvider } from 'react-admin'
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom'
import type { FormResult } from '../../../contracts/learner/forms'
import type { PlayerIndex, ProgressAnswer, SubscriptionRefusalCode } from '../../../contracts/learner/player'
import { loadPublicConfig } from '../../authProvider/config'
import { useTitleName } from '../../layout/DocumentTitle'
import { LanguageMenu } from '../../layout/topbar/LanguageMenu'
import type { AppDataProvider } from '../../dataProvider'
import { isRetryable } from '../../ui/LoadFailure'
import { BlockThreads } from '../discussions/BlockThreads'
import { discussionPath } from '../discussions/paths'
import { refusalOf } from './refusal'
import { BlockNav, BlockScreen } from './BlockScreen'
import { CertificateBanner } from './CertificateBanner'
import { ExpiryCountdown } from './ExpiryCountdown'
import { IndexNav } from './IndexNav'
import { CourseMissing, Loading, ProgressMeter, Refusal } from './parts'
import { playerPath, progressPath } from './paths'
import { countProgress, isCompleted, markCompleted } from './progress'
import { usePlayerTexts, type PlayerTranslate } from './texts'

export { playerPath } from './paths'

const DRAWER_WIDTH = 320

/**
 * The course player (`/galaxy/courses/player/:uuid` and `/:uuid/:block`): the index of sections and
 * blocks with their completion, one block at a time with previous and next, progress and the
 * certificate. Without a block in the address it resumes where the learner left off.
 */
export function PlayerPage() {
  const { uuid = '', block } = useParams<{ uuid: string; block?: string }>()
  // Another course starts afresh: nothing of the previous one's state stays.
  return <CoursePlayer key={uuid} uuid={uuid} block={block} />
}

function CoursePlayer({ uuid, block }: { uuid: string; block?: string }) {
  const t = usePlayerTexts()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [index, setIndex] = useState<PlayerIndex | null>(null)
  const [refusal, setRefusal] = useState<SubscriptionRefusalCode | null>(null)
  // 'missing': the address names no course (404, or 400 for what is not a course id); asking again
  // cannot help. 'failed': no answer or a server failure, worth another try.
  const [failed, setFailed] = useState<'missing' | 'failed' | null>(null)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    dataProvider.getPlayerIndex(uuid).then(
      (loaded) => live && setIndex(loaded),
      (error: unknown) => {
        if (!live) return
        const code = refusalOf(error)
        if (code) setRefusal(code)
        else setFailed(isRetryable(error) ? 'failed' : 'missing')
      },
    )
    return () => {
      live = false
    }
  }, [dataProvider, uuid, round])
  // The tab names the course once it is known (decision 0001).
  useTitleName(index?.course.uuid === uuid ? index.course.name : null)

  if (!t) return <Loading label="…" />
  if (refusal) return <Refusal t={t} course={uuid} code={refusal} />
  if (failed === 'missing') return <CourseMissing t={t} />
  if (failed)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error" action={<Button onClick={() => (setFailed(null), setRound((r) => r + 1))}>{t('retry')}</Button>}>
          {t('loadError')}
        </Alert>
      </Box>
    )
  if (!index || index.course.uuid !== uuid) return <Loading label={t('loading')} />
  const blocks = index.sections.flatMap((s) => s.blocks)
  if (!block) {
    const start = index.resume && blocks.some((b) => b.id === index.resume?.block) ? index.resume.block : blocks[0]?.id
    if (start) return <Navigate to={playerPath(uuid, start)} replace />
  }
  return <Player t={t} index={index} setIndex={setIndex} block={block ?? null} onRefused={setRefusal} />
}

/** The header's brand: the university's own when the course is theirs, else the centre's. */
function useUniversity(index: PlayerIndex): string | null {
  const [university, setUniversity] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    loadPublicConfig().then(
      (config) => live && setUniversity(config.universityOrganization ?? null),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  const organization = index.course.Details.Organization ?? index.course.organization?.name
  return university && organization && organization.trim().toLowerCase() === university.trim().toLowerCase() ? university : null
}

interface PlayerProps {
  t: PlayerTranslate
  index: PlayerIndex
  setIndex: (update: (index: PlayerIndex | null) => PlayerIndex | null) => void
  block: string | null
  onRefused: (code: SubscriptionRefusalCode) => void
}

function Player({ t, index, setIndex, block, onRefused }: PlayerProps) {
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('md'))
  const [drawerOpen, setDrawerOpen] = useState(false)
  const university = useUniversity(index)
  const course = index.course.uuid
  const blocks = useMemo(() => index.sections.flatMap((s) => s.blocks), [index])
  const position = blocks.findIndex((b) => b.id === block)

  /** Takes a block's and the course's new state from a progress answer. */
  const applyProgress = useCallback(
    (answer: ProgressAnswer) => {
      setIndex((current) => (current ? markCompleted(current, answer.block.id, answer.block.completed, answer.progress) : current))
    },
    [setIndex],
  )
  const onGraded = useCallback(
    (id: string, result: FormResult) => {
      setIndex((current) => {
        if (!current) return current
        const certificate = result.certificate ?? current.progress.certificate
        const next = markCompleted(current, id, result.passed || isCompleted(current, id), current.progress)
        // The form's pass changes the course's counts: recount from the index until the next answer.
        const counted = countProgress(next)
        return { ...next, progress: { ...next.progress, ...counted, certificate, completed: !!certificate || counted.percent === 100 } }
      })
    },
    [setIndex],
  )

  const nav = <IndexNav t={t} index={index} current={block} onFollow={() => setDrawerOpen(false)} />

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1, sm: 2 },
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {phone && (
          <IconButton aria-label={t('openIndex')} aria-expanded={drawerOpen} aria-controls="player-index" onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
        )}
        <Box data-testid="player-brand" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', minWidth: 0 }}>
          {university ? <AccountBalanceOutlined aria-hidden="true" /> : <SchoolOutlined aria-hidden="true" />}
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700 }}>
            {university ?? t('centreBrand')}
          </Typography>
        </Box>
        <Typography component="span" noWrap sx={{ flex: 1, minWidth: 0, color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
          {index.course.name}
        </Typography>
        <Box sx={{ flex: { xs: 1, sm: 'none' } }} />
        {phone ? (
          // A phone's header has room for icons only.
          <Tooltip title={t('discussions.entry')}>
            <IconButton component={RouterLink} to={discussionPath(course)} aria-label={t('discussions.entry')}>
              <ForumOutlined />
            </IconButton>
          </Tooltip>
        ) : (
          <Button component={RouterLink} to={discussionPath(course)} startIcon={<ForumOutlined aria-hidden="true" />} sx={{ flexShrink: 0 }}>
            {t('discussions.entry')}
          </Button>
        )}
        <ExpiryCountdown t={t} course={index.course.uuid} remainingDays={index.subscription.remainingDays} />
        <ProgressMeter t={t} progress={index.progress} />
        <Tooltip title={t('grades')}>
          <IconButton component={RouterLink} to={progressPath(course)} aria-label={t('grades')}>
            <AssessmentOutlined />
          </IconButton>
        </Tooltip>
        <LanguageMenu />
      </Box>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {phone ? (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            slotProps={{ paper: { 'aria-label': t('index'), sx: { width: Math.min(DRAWER_WIDTH, 360) } } }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 0.5 }}>
              <IconButton aria-label={t('closeIndex')} onClick={() => setDrawerOpen(false)}>
                <Close />
              </IconButton>
            </Box>
            {nav}
          </Drawer>
        ) : (
          <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowY: 'auto' }}>{nav}</Box>
        )}
        <Box component="main" id="main-content" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
          {index.progress.certificate && <CertificateBanner t={t} course={course} name={index.course.name} certificate={index.progress.certificate} />}
          {blocks.length === 0 ? (
            <Alert severity="info">{t('empty')}</Alert>
          ) : position < 0 ? (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="warning">{t('blockMissing')}</Alert>
              <Button component={RouterLink} to={playerPath(course, blocks[0].id)} variant="contained">
                {t('next')}
              </Button>
            </Stack>
          ) : (
            <>
              <BlockScreen
                key={block}
                t={t}
                course={course}
                block={blocks[position]}
                position={position}
                total={blocks.length}
                onProgress={applyProgress}
                onGraded={onGraded}
                onRefused={onRefused}
              />
              <BlockNav t={t} course={course} blocks={blocks} position={position} />
              <BlockThreads key={`threads-${block}`} t={t} course={course} block={blocks[position].id} />
            </>
          )}
        </Box>
      </Box>
    </Box>
  )
}
