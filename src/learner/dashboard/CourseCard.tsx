import DownloadOutlined from '@mui/icons-material/DownloadOutlined'
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined'
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined'
import { Box, Button, Card, CardActions, CardContent, CardMedia, LinearProgress, Typography } from '@mui/material'
import { useId, useState } from 'react'
import { useLocale, useNotify, useTranslate, useDataProvider } from 'react-admin'
import { Link } from 'react-router-dom'
import type { UserCourse } from '../../../contracts/subscriptions'
import { useLoad } from '../../ui/useLoad'
import { useAbortOnUnmount } from '../../ui/useAbortOnUnmount'
import { overviewPath, playerPath, progressPath } from '../player/paths'
import type { AppDataProvider } from '../../dataProvider'

/** Requirements §2: the card shows the first 20 words of the short description followed by ' ...'. */
export function shortDescription(text: string | undefined, words = 20): string {
  const list = (text ?? '').trim().split(/\s+/).filter(Boolean)
  return list.length ? `${list.slice(0, words).join(' ')} ...` : ''
}

/**
 * Where a cover loads from: a full URL or a site path as it is; otherwise the value is a path in the
 * file store, served under /files/.
 */
export function coverUrl(cover: string | undefined): string | undefined {
  if (!cover) return undefined
  if (/^https?:\/\//i.test(cover) || cover.startsWith('/')) return cover
  return `/files/${cover.split('/').map(encodeURIComponent).join('/')}`
}

export function CourseCard({ course }: { course: UserCourse }) {
  const translate = useTranslate()
  const [broken, setBroken] = useState(false)
  const cover = course.cover ?? coverUrl(course.details.Cover)
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {cover && !broken ? (
        <CardMedia component="img" height={160} image={cover} alt="" onError={() => setBroken(true)} sx={{ objectFit: 'cover' }} />
      ) : (
        <Box
          aria-hidden="true"
          sx={{ height: 160, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 56, fontWeight: 700 }}
        >
          {course.name.charAt(0).toUpperCase()}
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {course.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {shortDescription(course.details.ShortDescription)}
        </Typography>
        <Progress percent={course.progress} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        {/* Into the course where the learner left off (the player resumes without a block in the address); the overview stays one click away. */}
        <Button component={Link} to={playerPath(course.uuid)} size="small" variant="contained" startIcon={<PlayCircleOutlined />}>
          {translate('aula.account.dashboard.goToCourse')}
        </Button>
        <Button component={Link} to={overviewPath(course.uuid)} size="small">
          {translate('aula.learner.dashboard.overview')}
        </Button>
        <Button component={Link} to={progressPath(course.uuid)} size="small">
          {translate('aula.learner.dashboard.grades')}
        </Button>
        {/* A certificate exists only for a complete course: ask for it then alone. */}
        {course.progress >= 100 && <CertificateButton course={course} />}
      </CardActions>
    </Card>
  )
}

function Progress({ percent }: { percent: number }) {
  const translate = useTranslate()
  const id = useId()
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={id} variant="body2" sx={{ mb: 0.5 }}>
        {translate('aula.learner.dashboard.progress', { percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-labelledby={id} sx={{ height: 8, borderRadius: 4 }} />
    </Box>
  )
}

/** The certificate's download, once the course's progress says it was issued. */
function CertificateButton({ course }: { course: UserCourse }) {
  const translate = useTranslate()
  const notify = useNotify()
  const locale = useLocale()
  const dataProvider = useDataProvider<AppDataProvider>()
  const progress = useLoad(() => dataProvider.getCourseProgress(course.uuid), course.uuid)
  const abortSignal = useAbortOnUnmount()
  const [busy, setBusy] = useState(false)
  const [badgeBusy, setBadgeBusy] = useState(false)
  const certificate = progress.data?.certificate
  if (!certificate) return null
  // Revoked by an administrator: the server no longer hands it out.
  if (certificate.revokedAt)
    return (
      <Typography variant="body2" color="warning.dark" sx={{ px: 1 }}>
        {translate('aula.learner.dashboard.revoked')}
      </Typography>
    )
  const download = async () => {
    setBusy(true)
    let told = false
    // A busy server asks the download to wait: said once, then the file comes by itself.
    const onWait = (seconds: number) => {
      if (told) return
      told = true
      const minutes = seconds >= 60
      notify(minutes ? 'aula.learner.dashboard.waitMinutes' : 'aula.learner.dashboard.waitSeconds', {
        type: 'info',
        messageArgs: { smart_count: minutes ? Math.ceil(seconds / 60) : seconds },
      })
    }
    try {
      await dataProvider.downloadCertificate(certificate.url, `${course.name}.pdf`, { lang: locale, onWait, signal: abortSignal() })
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) notify('aula.learner.dashboard.downloadFailed', { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const downloadBadge = async () => {
    setBadgeBusy(true)
    try {
      await dataProvider.downloadBadge(certificate.url, badgeFileName(course.name, certificate.code), { signal: abortSignal() })
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) notify('aula.learner.dashboard.badgeFailed', { type: 'error' })
    } finally {
      setBadgeBusy(false)
    }
  }
  return (
    <>
      <Button size="small" startIcon={<DownloadOutlined />} disabled={busy || badgeBusy} onClick={() => void download()}>
        {translate(busy ? 'aula.learner.dashboard.downloading' : 'aula.learner.dashboard.certificate')}
      </Button>
      {/* The Open Badges 3.0 credential issued with the certificate (decision 0027). */}
      <Button size="small" startIcon={<MilitaryTechOutlined />} disabled={busy || badgeBusy} onClick={() => void downloadBadge()}>
        {translate(badgeBusy ? 'aula.learner.dashboard.downloading' : 'aula.learner.dashboard.badge')}
      </Button>
    </>
  )
}

/** `<course> - <code>.badge.json`, with the characters file systems refuse left out. */
export const badgeFileName = (course: string, code: string) => `${course.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'course'} - ${code}.badge.json`
