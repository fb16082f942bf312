import WorkspacePremium from '@mui/icons-material/WorkspacePremium'
import { Alert, Button, Stack } from '@mui/material'
import { useState } from 'react'
import type { IssuedCertificate } from '../../../contracts/learner/player'
import type { PlayerTranslate } from './texts'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { useAbortOnUnmount } from '../../ui/useAbortOnUnmount'
import { useDateFormat } from '../../ui/formatDateTime'

/** Shown once the course is complete: the certificate's download (which waits by itself while the server is busy drawing). */
export function CertificateBanner({ t, course, name, certificate }: { t: PlayerTranslate; course: string; name: string; certificate: IssuedCertificate }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const dates = useDateFormat()
  const abortSignal = useAbortOnUnmount()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [badgeFailed, setBadgeFailed] = useState(false)
  const [badgeBusy, setBadgeBusy] = useState(false)
  const fileBase = name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || course
  const [wait, setWait] = useState<number | null>(null)
  const download = async () => {
    setBusy(true)
    setFailed(false)
    setBadgeFailed(false)
    try {
      await dataProvider.downloadCertificate(certificate.url, `${fileBase} - ${certificate.code}.pdf`, {
        onWait: setWait,
        signal: abortSignal(),
      })
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
      setWait(null)
    }
  }
  const downloadBadge = async () => {
    setBadgeBusy(true)
    setFailed(false)
    setBadgeFailed(false)
    try {
      await dataProvider.downloadBadge(certificate.url, `${fileBase} - ${certificate.code}.badge.json`, { signal: abortSignal() })
    } catch {
      setBadgeFailed(true)
    } finally {
      setBadgeBusy(false)
    }
  }
  // Revoked by an administrator: nothing to download any more (the server refuses it), said plainly.
  if (certificate.revokedAt)
    return (
      <Alert severity="warning" icon={<WorkspacePremium />} sx={{ mb: 2 }}>
        {t('certificate.revoked', { date: dates.date(certificate.revokedAt) })} {t('certificate.code', { code: certificate.code })}
      </Alert>
    )
  const message = badgeFailed
    ? t('certificate.badgeFailed')
    : failed
      ? t('certificate.failed')
      : wait !== null
        ? t(wait < 60 ? 'certificate.waitSeconds' : 'certificate.waitMinutes', { smart_count: wait < 60 ? wait : Math.ceil(wait / 60) })
        : t('certificate.ready')
  return (
    <Alert
      severity={failed || badgeFailed ? 'error' : wait !== null ? 'info' : 'success'}
      icon={<WorkspacePremium />}
      sx={{ mb: 2 }}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button color="inherit" variant="outlined" onClick={download} disabled={busy || badgeBusy}>
            {busy ? t('certificate.downloading') : t('certificate.download')}
          </Button>
          {/* The Open Badges 3.0 credential issued with the certificate (decision 0027). */}
          <Button color="inherit" variant="outlined" onClick={downloadBadge} disabled={busy || badgeBusy}>
            {badgeBusy ? t('certificate.downloading') : t('certificate.badge')}
          </Button>
        </Stack>
      }
    >
      {message} {t('certificate.code', { code: certificate.code })}
    </Alert>
  )
}
