import WorkspacePremium from '@mui/icons-material/WorkspacePremium'
import { Alert, Button } from '@mui/material'
import { useState } from 'react'
import type { IssuedCertificate } from '../../../contracts/learner/player'
import type { PlayerTranslate } from './texts'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'

/** Shown once the course is complete: the certificate's download. */
export function CertificateBanner({ t, course, name, certificate }: { t: PlayerTranslate; course: string; name: string; certificate: IssuedCertificate }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const download = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await dataProvider.downloadCertificate(certificate.url, `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || course} - ${certificate.code}.pdf`)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Alert
      severity={failed ? 'error' : 'success'}
      icon={<WorkspacePremium />}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" variant="outlined" onClick={download} disabled={busy}>
          {busy ? t('certificate.downloading') : t('certificate.download')}
        </Button>
      }
    >
      {failed ? t('certificate.failed') : t('certificate.ready')} {t('certificate.code', { code: certificate.code })}
    </Alert>
  )
}
