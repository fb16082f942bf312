import { Alert, Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import type { CourseProgress, SubscriptionRefusalCode } from '../../../contracts/learner/player'
import { overviewPath } from './paths'
import type { PlayerTranslate } from './texts'

/** A waiting line with its reason, announced to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 4 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  )
}

/** Why the course cannot be played (not subscribed, expired, revoked), with the way back to its overview. */
export function Refusal({ t, course, code }: { t: PlayerTranslate; course: string; code: SubscriptionRefusalCode }) {
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

/** An address that names no course: said plainly, with the way to the catalogue. */
export function CourseMissing({ t }: { t: PlayerTranslate }) {
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('missing.title')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('missing.text')}
      </Alert>
      <Button component={RouterLink} to="/galaxy" variant="contained">
        {t('missing.catalogue')}
      </Button>
    </Box>
  )
}

/** The course's completion in the header: a bar, and its figure beside it. */
export function ProgressMeter({ t, progress }: { t: PlayerTranslate; progress: CourseProgress }) {
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
