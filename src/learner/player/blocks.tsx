import Download from '@mui/icons-material/Download'
import OpenInNew from '@mui/icons-material/OpenInNew'
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { FormResult } from '../../../contracts/learner/forms'
import type { PlayerPage, ProgressAnswer } from '../../../contracts/learner/player'
import { nestHeadings, sanitizeHtml } from '../../ui/sanitizeHtml'
import { EvaluationForm } from '../forms/EvaluationForm'
import { AssignmentBlock } from './AssignmentBlock'
import type { PlayerTranslate } from './texts'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'

/** A simulation's frame: a fixed height, held while its block loads (BlockScreen). */
export const SIMULATION_HEIGHT = { xs: 420, md: 560 }

/** SCORM blocks bring scorm-again: loaded only when one opens. */
const ScormBlock = lazy(() => import('./ScormBlock'))

interface Props {
  t: PlayerTranslate
  course: string
  page: PlayerPage
  onProgress: (answer: ProgressAnswer) => void
  onGraded: (result: FormResult) => void
}

/** A block's content by its kind. */
export function BlockView({ t, course, page, onProgress, onGraded }: Props) {
  const { kind, values, urls } = page.block
  switch (kind) {
    case 'text':
      // Authors' HTML sits under the block's own h1: its headings start at h2 and skip no level.
      return (
        <Box
          className="aula-text"
          sx={{ '& img': { maxWidth: '100%' } }}
          dangerouslySetInnerHTML={{ __html: nestHeadings(sanitizeHtml(values.html ?? ''), 1) }}
        />
      )
    case 'image':
      return urls.path ? (
        <Box component="img" src={urls.path} alt={values.alt ?? ''} sx={{ maxWidth: '100%', height: 'auto', display: 'block', mx: 'auto' }} />
      ) : (
        <Alert severity="warning">{t('image.missing')}</Alert>
      )
    case 'attachment': {
      if (!urls.path) return <Alert severity="warning">{t('attachment.missing')}</Alert>
      const name = values.fileName || values.title
      return (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button component="a" href={urls.path} download={name} variant="contained" startIcon={<Download />}>
            {t('attachment.download', { name })}
          </Button>
          {values.size !== undefined && (
            <Typography variant="body2" color="text.secondary">
              {t('attachment.size', { size: formatSize(values.size) })}
            </Typography>
          )}
        </Stack>
      )
    }
    case 'link':
      return values.url && /^https?:\/\//i.test(values.url) ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            component="a"
            href={values.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            endIcon={<OpenInNew />}
            sx={{ wordBreak: 'break-all', textTransform: 'none' }}
          >
            {t('link.open', { url: values.url })}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('link.note')}
          </Typography>
        </Stack>
      ) : (
        <Alert severity="warning">{t('link.note')}</Alert>
      )
    case 'simulation': {
      const src = urls.entry ?? values.url
      if (!src) return <Alert severity="warning">{t('simulation.missing')}</Alert>
      // Scripts run, but in an opaque origin: no access to the learner's session, cookies or storage.
      return (
        <Box
          component="iframe"
          src={src}
          title={t('simulation.frame', { title: values.title })}
          sandbox="allow-scripts"
          sx={{ width: '100%', height: SIMULATION_HEIGHT, border: 0, display: 'block' }}
        />
      )
    }
    case 'video': {
      const src = urls.path ?? values.url
      if (!src) return <Alert severity="warning">{t('video.missing')}</Alert>
      return <VideoBlock t={t} course={course} page={page} src={src} onProgress={onProgress} />
    }
    case 'form':
      return <EvaluationForm course={course} id={page.block.id} t={t} onGraded={onGraded} />
    case 'assignment':
      return <AssignmentBlock t={t} course={course} page={page} />
    case 'scorm':
      return (
        <Suspense fallback={<CircularProgress aria-label={t('scorm.loading')} />}>
          <ScormBlock t={t} course={course} page={page} onProgress={onProgress} />
        </Suspense>
      )
  }
}

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** How often a playing video reports where it is. */
const REPORT_EVERY_SECONDS = 5
/** The largest position the server takes (24 hours). */
const MAX_POSITION_SECONDS = 86400

/**
 * A video with the browser's own controls. It starts at the second the learner reached last time and
 * reports its position (whole seconds) while playing, on pause and at the end. The server decides what
 * was watched, by its own clock and its own length of the video, and completes the block once the
 * video was played to its end.
 */
function VideoBlock({
  t,
  course,
  page,
  src,
  onProgress,
}: {
  t: PlayerTranslate
  course: string
  page: PlayerPage
  src: string
  onProgress: (answer: ProgressAnswer) => void
}) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const video = useRef<HTMLVideoElement>(null)
  const lastReport = useRef(-Infinity)
  const [watched, setWatched] = useState(page.block.watchedSeconds)
  const [playerDuration, setPlayerDuration] = useState(0)
  const [completed, setCompleted] = useState(page.block.completed)
  const [broken, setBroken] = useState(false)
  const block = page.block.id
  // The server's length when it has one: the share watched is measured against it.
  const duration = page.block.values.duration ?? playerDuration

  const report = (force: boolean, ended = false) => {
    const v = video.current
    if (!v || !Number.isFinite(v.currentTime)) return
    if (!force && Math.abs(v.currentTime - lastReport.current) < REPORT_EVERY_SECONDS) return
    lastReport.current = v.currentTime
    // At the end the last fraction of a second counts: the server takes a position past the end as the end.
    const seconds = Math.max(0, Math.min(MAX_POSITION_SECONDS, ended ? Math.ceil(v.currentTime) : Math.floor(v.currentTime)))
    dataProvider.reportPosition({ course, block, seconds }).then(
      (answer) => {
        setWatched(answer.block.watchedSeconds)
        setCompleted(answer.block.completed)
        onProgress(answer)
      },
      () => undefined, // The next report carries the position again.
    )
  }

  const reportRef = useRef(report)
  useEffect(() => {
    reportRef.current = report
  })
  useEffect(() => {
    const v = video.current
    // Leaving the block (or the page) reports where the learner stopped.
    return () => {
      if (v && !v.paused) reportRef.current(true)
    }
  }, [])

  const percent = duration > 0 ? Math.min(100, Math.floor((watched / duration) * 100)) : 0
  return (
    <Stack spacing={1}>
      <Box
        component="video"
        ref={video}
        src={src}
        controls
        preload="metadata"
        onLoadedMetadata={() => {
          const v = video.current
          if (!v) return
          if (Number.isFinite(v.duration)) setPlayerDuration(v.duration)
          const resume = page.block.positionSeconds
          if (resume > 0 && resume < v.duration - 1) v.currentTime = resume
        }}
        onTimeUpdate={() => report(false)}
        onPause={() => report(true)}
        onEnded={() => report(true, true)}
        onError={() => setBroken(true)}
        sx={{ width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
      >
        {t('video.unsupported')}
      </Box>
      {broken && <Alert severity="error">{t('video.unsupported')}</Alert>}
      <Typography variant="body2" color="text.secondary">
        {completed ? t('completed') : t('video.rule')}
        {duration > 0 && !completed ? ` ${t('video.watched', { percent })}` : ''}
      </Typography>
    </Stack>
  )
}
