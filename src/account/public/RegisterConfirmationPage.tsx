import { Box, Button, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AccountForm, AccountTextField } from '../fields'
import { Navigate, useNavigate } from 'react-router-dom'
import { confirmSignUp, resendCode } from '../../authProvider/cognito'
import { identityErrorMessage } from '../../ui/identityErrors'
import { pendingEmail } from '../pendingEmail'
import { DELAYS, useLater } from '../useLater'
import { requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { FooterLink, Notice, SubmitButton } from './parts'

/** How long 'Code resent' shows (and 'Resend Code' stays disabled). */
const RESENT_NOTICE_MS = 30_000

/** /register-confirmation (visitors only): the e-mailed code confirms the account; home when no user is known. */
export function RegisterConfirmationPage() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const later = useLater()
  const [email] = useState(pendingEmail.get)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [resent, setResent] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (!email) return <Navigate to="/" replace />

  const submit = async (values: Record<string, unknown>) => {
    setError(null)
    setBusy(true)
    try {
      await confirmSignUp(email, String(values.code).trim())
      pendingEmail.clear()
      setDone(true)
      // The login screen then says the account is confirmed and has its e-mail filled in.
      later(() => navigate('/login', { state: { confirmedEmail: email } }), DELAYS.confirm)
    } catch (err) {
      setBusy(false)
      setError(identityErrorMessage(err, translate))
    }
  }

  const resend = async () => {
    setError(null)
    try {
      await resendCode(email)
      setResent(true)
      later(() => setResent(false), RESENT_NOTICE_MS)
    } catch (err) {
      setError(identityErrorMessage(err, translate))
    }
  }

  const locked = busy || done
  return (
    <AuthLayout title={translate('aula.account.confirm.title')}>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate('aula.account.confirm.sentTo')}
      </Typography>
      <Typography sx={{ fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }} data-testid="confirmation-email">
        {email}
      </Typography>
      <Notice
        error={error}
        success={done ? translate('aula.account.confirm.success') : resent ? `${translate('aula.account.confirm.resent')}: ${email}` : null}
      />
      <AccountForm onSubmit={submit}>
        <AccountTextField
          source="code"
          autoComplete="one-time-code"
          label="aula.account.fields.code"
          validate={requiredWith('confirmationCode')}
          disabled={locked}
          fullWidth
          htmlInput={{ inputMode: 'numeric' }}
        />
        <SubmitButton disabled={locked}>{translate('aula.account.confirm.submit')}</SubmitButton>
      </AccountForm>
      <Box sx={{ mt: 1 }}>
        <Button fullWidth onClick={resend} disabled={resent || locked}>
          {translate('aula.account.confirm.resend')}
        </Button>
      </Box>
      <FooterLink to="/login" label={translate('aula.account.forgot.backToLogin')} />
    </AuthLayout>
  )
}
