import BlockOutlined from '@mui/icons-material/BlockOutlined'
import RestoreOutlined from '@mui/icons-material/RestoreOutlined'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { CERTIFICATE_REASON_MAX, type AdminCertificate } from '../../../contracts/admin/certificates'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { failureText, type ActionResult } from '../common/ConfirmAction'
import { Line } from '../common/DetailSection'
import { useAdminLoad } from '../common/useAdminLoad'
import { LoadError, T } from './parts'

const C = `${T}.learner.certificate`

/**
 * The learner's certificate of the course on their page: its code and state, and revoking it (or
 * restoring a revoked one) with a reason, asked for in a confirmation dialog.
 */
export function LearnerCertificate({ course, user }: { course: string; user: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const certificate = useAdminLoad(() => dataProvider.getLearnerCertificate(course, user), `${course}|${user}`)
  const [asking, setAsking] = useState(false)
  const [result, setResult] = useState<ActionResult | null>(null)
  const c = certificate.data
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${C}.title`)}
        </Typography>
        {certificate.error ? (
          <LoadError error={certificate.error} onRetry={certificate.reload} />
        ) : certificate.data === undefined ? (
          <LinearProgress aria-label={translate(`${T}.loading`)} />
        ) : !c ? (
          <Typography color="text.secondary">{translate(`${C}.none`)}</Typography>
        ) : (
          <>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-start' } }}
            >
              <Box component="dl" sx={{ m: 0 }}>
                <Line label={translate(`${C}.code`)} value={<code>{c.code}</code>} />
                <Line label={translate(`${C}.issuedAt`)} value={formatDateTime(c.issuedAt)} />
                <Line
                  label={translate(`${C}.state`)}
                  value={<Chip size="small" color={c.revokedAt ? 'error' : 'success'} label={translate(c.revokedAt ? `${C}.revoked` : `${C}.valid`)} />}
                />
                {c.revokedAt && (
                  <Line
                    label={translate(`${C}.revokedAt`)}
                    value={translate(`${C}.revokedBy`, { date: formatDateTime(c.revokedAt), name: c.revokedBy ?? '—' })}
                  />
                )}
                {c.reason && <Line label={translate(`${C}.reason`)} value={c.reason} />}
              </Box>
              <Button
                variant="outlined"
                color={c.revokedAt ? 'primary' : 'error'}
                startIcon={c.revokedAt ? <RestoreOutlined /> : <BlockOutlined />}
                onClick={() => {
                  setResult(null)
                  setAsking(true)
                }}
              >
                {translate(c.revokedAt ? `${C}.restore` : `${C}.revoke`)}
              </Button>
            </Stack>
            {result && (
              <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }} onClose={() => setResult(null)}>
                {result.message}
              </Alert>
            )}
            {asking && (
              <ReasonDialog
                certificate={c}
                onClose={() => setAsking(false)}
                onDone={(message) => {
                  setAsking(false)
                  setResult({ severity: 'success', message })
                  certificate.reload()
                }}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** Asks why the certificate is revoked (or restored), then does it; a failure stays in the dialog. */
function ReasonDialog({ certificate, onClose, onDone }: { certificate: AdminCertificate; onClose: () => void; onDone: (message: string) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const restore = certificate.revokedAt !== null
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [touched, setTouched] = useState(false)
  const tooShort = reason.trim().length < 3
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (tooShort) return
    setBusy(true)
    setError(null)
    try {
      await dataProvider.revokeCertificate(certificate.code, reason, restore)
      onDone(translate(restore ? `${C}.restored` : `${C}.revokedDone`, { code: certificate.code }))
    } catch (failure) {
      setError(failureText(failure, translate('aula.admin.common.failed')))
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="certificate-reason-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="certificate-reason-title">{translate(restore ? `${C}.restoreTitle` : `${C}.revokeTitle`)}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate(restore ? `${C}.restoreContent` : `${C}.revokeContent`, {
              code: certificate.code,
              name: certificate.learner,
              course: certificate.course,
            })}
          </Typography>
          <TextField
            required
            fullWidth
            multiline
            minRows={3}
            label={translate(`${C}.reasonLabel`)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && tooShort}
            helperText={touched && tooShort ? translate(`${C}.reasonRequired`) : translate(`${C}.reasonHelp`)}
            slotProps={{ htmlInput: { maxLength: CERTIFICATE_REASON_MAX } }}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={restore ? 'primary' : 'error'}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
          >
            {translate(restore ? `${C}.restore` : `${C}.revoke`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
