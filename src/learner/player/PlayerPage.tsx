import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined'
import CheckCircle from '@mui/icons-material/CheckCircle'
import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import Close from '@mui/icons-material/Close'
import MenuIcon from '@mui/icons-material/Menu'
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked'
import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom'
import type { FormResult } from '../../../contracts/learner/forms'
import type {
  CourseProgress,
  IndexBlock,
  PlayerIndex,
  PlayerPage as PageData,
  ProgressAnswer,
  SubscriptionRefusalCode,
} from '../../../contracts/learner/player'
import { loadPublicConfig } from '../../authProvider/config'
import { LanguageMenu } from '../../layout/topbar/LanguageMenu'
import { refusalOf } from './refusal'
import { BlockView } from './blocks'
import { CertificateBanner } from './CertificateBanner'
import { usePlayerTexts, type PlayerTranslate } from './texts'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'

export const playerPath = (course: string, block?: string) => `/galaxy/courses/player/${course}${block ? `/${block}` : ''}`
const overviewPath = (course: string) => `/galaxy/courses/overview/${course}`
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
  const dataProvider = useDataProvider<AppDataProvider>()
  const t = usePlayerTexts()
  const [index, setIndex] = useState<PlayerIndex | null>(null)
  const [refusal, setRefusal] = useState<SubscriptionRefusalCode | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    dataProvider.getPlayerIndex(uuid).then(
      (loaded) => live && setIndex(loaded),
      (error: unknown) => {
        if (!live) return
        const code = refusalOf(error)
        if (code) setRefusal(code)
        else setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [dataProvider, uuid, round])

  if (!t) return <Loading label="…" />
  if (refusal) return <Refusal t={t} course={uuid} code={refusal} />
  if (failed)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error" action={<Button onClick={() => (setFailed(false), setRound((r) => r + 1))}>{t('retry')}</Button>}>
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

function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 4 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  )
}

function Refusal({ t, course, code }: { t: PlayerTranslate; course: string; code: SubscriptionRefusalCode }) {
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('refused.title')}
      </Typography>
      <Alert severity={code === 'NOT_SUBSCRIBED' ? 'info' : 'warning'} sx={{ mb: 2 }}>
        {t(`refused.${code}`)}
      </Alert>
      <Button component={RouterLink} to={overviewPath(course)} variant="contained">
        {t('overview')}
      </Button>
    </Box>
  )
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
        <ProgressMeter t={t} progress={index.progress} />
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
          )}
        </Box>
      </Box>
    </Box>
  )
}

function isCompleted(index: PlayerIndex, id: string) {
  return index.sections.some((s) => s.blocks.some((b) => b.id === id && b.completed))
}

function markCompleted(index: PlayerIndex, id: string, completed: boolean, progress: CourseProgress): PlayerIndex {
  return {
    ...index,
    progress,
    sections: index.sections.map((s) => ({ ...s, blocks: s.blocks.map((b) => (b.id === id ? { ...b, completed: completed || b.completed } : b)) })),
  }
}

/** The course's counts by the server's rule: the required blocks, or every block when none is required. */
function countProgress(index: PlayerIndex) {
  const all = index.sections.flatMap((s) => s.blocks)
  const counted = all.some((b) => b.required) ? all.filter((b) => b.required) : all
  const done = counted.filter((b) => b.completed).length
  return { done, total: counted.length, percent: counted.length ? Math.floor((done * 100) / counted.length) : 0 }
}

function ProgressMeter({ t, progress }: { t: PlayerTranslate; progress: CourseProgress }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: { xs: 96, sm: 200 } }}>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        aria-label={t('progressLabel')}
        aria-valuetext={t('progress', { percent: progress.percent })}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'block' } }}>
        {t('progress', { percent: progress.percent })}
      </Typography>
      {/* Phones show the figure alone; the bar's own name says what it is. */}
      <Typography variant="body2" aria-hidden="true" sx={{ whiteSpace: 'nowrap', display: { xs: 'block', sm: 'none' } }}>
        {progress.percent} %
      </Typography>
    </Box>
  )
}

function IndexNav({ t, index, current, onFollow }: { t: PlayerTranslate; index: PlayerIndex; current: string | null; onFollow: () => void }) {
  return (
    <Box component="nav" id="player-index" aria-label={t('index')}>
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
        {index.course.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('blocksDone', { done: index.progress.done, total: index.progress.total })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('remainingDays', { smart_count: index.subscription.remainingDays })}
      </Typography>
      <Box sx={{ px: 2, pt: 1 }}>
        <Button component={RouterLink} to={overviewPath(index.course.uuid)} size="small" onClick={onFollow}>
          {t('overview')}
        </Button>
      </Box>
      {index.sections.map((section) => (
        <Box key={section.id} component="section" aria-labelledby={`section-${section.id}`}>
          <Typography id={`section-${section.id}`} component="h3" variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 2, pb: 0.5 }}>
            {section.title}
          </Typography>
          <List dense disablePadding>
            {section.blocks.map((b) => (
              <IndexEntry key={b.id} t={t} course={index.course.uuid} block={b} current={b.id === current} onFollow={onFollow} />
            ))}
          </List>
        </Box>
      ))}
    </Box>
  )
}

function IndexEntry({
  t,
  course,
  block,
  current,
  onFollow,
}: {
  t: PlayerTranslate
  course: string
  block: IndexBlock
  current: boolean
  onFollow: () => void
}) {
  const state = block.completed ? t('completed') : t('pending')
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={playerPath(course, block.id)}
        selected={current}
        aria-current={current ? 'page' : undefined}
        onClick={onFollow}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          {block.completed ? (
            <CheckCircle color="success" fontSize="small" titleAccess={state} />
          ) : (
            <RadioButtonUnchecked fontSize="small" titleAccess={state} />
          )}
        </ListItemIcon>
        <ListItemText
          primary={block.title || t(`kinds.${block.kind}`)}
          secondary={`${t(`kinds.${block.kind}`)}${block.required ? ` · ${t('required')}` : ''}`}
        />
      </ListItemButton>
    </li>
  )
}

interface BlockScreenProps {
  t: PlayerTranslate
  course: string
  block: IndexBlock
  position: number
  total: number
  onProgress: (answer: ProgressAnswer) => void
  onGraded: (id: string, result: FormResult) => void
  onRefused: (code: SubscriptionRefusalCode) => void
}

/** One block: its page (`course/page`), recorded as opened (`metrics/re`), with previous and next. */
function BlockScreen({ t, course, block, position, total, onProgress, onGraded, onRefused }: BlockScreenProps) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [page, setPage] = useState<PageData | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    let live = true
    dataProvider.getPlayerPage(course, block.id).then(
      (loaded) => live && setPage(loaded),
      (error: unknown) => {
        if (!live) return
        const code = refusalOf(error)
        if (code) onRefused(code)
        else setFailed(true)
      },
    )
    dataProvider.recordOpened(course, block.id).then(
      (answer) => live && onProgress(answer),
      (error: unknown) => {
        const code = refusalOf(error)
        if (live && code) onRefused(code)
      },
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, block.id, round, onProgress, onRefused])

  // Moving to another block puts the keyboard at its title, so reading starts there.
  useEffect(() => {
    heading.current?.focus()
  }, [])

  const title = page?.block.values.title || block.title || t(`kinds.${block.kind}`)
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {page?.section.title}
          {page?.section.title ? ' · ' : ''}
          {t('position', { n: position + 1, total })}
        </Typography>
        <Typography
          ref={heading}
          component="h1"
          variant="h4"
          tabIndex={-1}
          sx={{ outline: 'none', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
        >
          {title}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {failed ? (
          <Alert severity="error" action={<Button onClick={() => (setFailed(false), setRound((r) => r + 1))}>{t('retry')}</Button>}>
            {t('blockError')}
          </Alert>
        ) : !page ? (
          <Loading label={t('loadingBlock')} />
        ) : (
          <BlockView t={t} course={course} page={page} onProgress={onProgress} onGraded={(result) => onGraded(block.id, result)} />
        )}
      </Paper>
      <Box component="nav" aria-label={t('position', { n: position + 1, total })} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        {page?.previous ? (
          <Button component={RouterLink} to={playerPath(course, page.previous)} startIcon={<ChevronLeft />} variant="outlined">
            {t('previous')}
          </Button>
        ) : (
          <span />
        )}
        {page?.next && (
          <Button component={RouterLink} to={playerPath(course, page.next)} endIcon={<ChevronRight />} variant="contained">
            {t('next')}
          </Button>
        )}
      </Box>
    </Stack>
  )
}
