import WorkspacePremium from '@mui/icons-material/WorkspacePremium'
import { Alert, Button } from '@mui/material'
import { useState } from 'react'
import type { IssuedCertificate } from '../../../contracts/learner/player'
import type { PlayerTranslate } from './texts'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { useAbortOnUnmount } from '../../ui/useAbortOnUnmount'

/** Shown once the course is complete: the certificate's download (which waits by itself while the server is busy drawing). */
export function CertificateBanner({ t, course, name, certificate }: { t: PlayerTranslate; course: string; name: string; certificate: IssuedCertificate }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const abortSignal = useAbortOnUnmount()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [wait, setWait] = useState<number | null>(null)
  const download = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await dataProvider.downloadCertificate(certificate.url, `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || course} - ${certificate.code}.pdf`, {
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
  const message = failed
    ? t('certificate.failed')
    : wait !== null
      ? t(wait < 60 ? 'certificate.waitSeconds' : 'certificate.waitMinutes', { smart_count: wait < 60 ? wait : Math.ceil(wait / 60) })
      : t('certificate.ready')
  return (
    <Alert
      severity={failed ? 'error' : wait !== null ? 'info' : 'success'}
      icon={<WorkspacePremium />}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" variant="outlined" onClick={download} disabled={busy}>
          {busy ? t('certificate.downloading') : t('certificate.download')}
        </Button>
      }
    >
      {message} {t('certificate.code', { code: certificate.code })}
    </Alert>
  )
}
