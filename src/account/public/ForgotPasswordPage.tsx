import { Alert, Box } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AccountForm, AccountTextField, PasswordField, PolicySummary } from '../fields'
import { signIn } from '../../authProvider'
import { browser } from '../../authProvider/browser'
import { confirmForgotPassword, forgotPassword } from '../../authProvider/cognito'
import { identityErrorMessage } from '../../ui/identityErrors'
import { passwordValidator, usePasswordPolicy } from '../passwordPolicy'
import { DELAYS, useLater } from '../useLater'
import { emailRules, requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { FooterLink, Notice, SubmitButton } from './parts'
import { signedInHome } from '../access/landing'

/**
 * /forgot-password (visitors only). Step one sends a reset code to the e-mail; step two takes the code
 * and a new password, then signs the user in with it.
 */
export function ForgotPasswordPage() {
  const translate = useTranslate()
  const later = useLater()
  const policy = usePasswordPolicy()
  const [email, setEmail] = useState<string | null>(null)
  const [destination, setDestination] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const start = async (values: Record<string, unknown>) => {
    const address = String(values.email).trim()
    setError(null)
    setBusy(true)
    try {
      setDestination(await forgotPassword(address))
      setEmail(address)
    } catch (err) {
      setError(identityErrorMessage(err, translate))
    } finally {
      setBusy(false)
    }
  }

  const restore = async (values: Record<string, unknown>) => {
    if (!email) return
    const password = String(values.newPassword)
    setError(null)
    setBusy(true)
    try {
      await confirmForgotPassword(email, String(values.code).trim(), password)
      await signIn(email, password)
      setDone(true)
      later(() => browser.assign(signedInHome()), DELAYS.login)
    } catch (err) {
      setBusy(false)
      setError(identityErrorMessage(err, translate))
    }
  }

  const locked = busy || done
  return (
    <AuthLayout title={translate('aula.account.forgot.title')} subtitle={email ? undefined : translate('aula.account.forgot.subtitle')}>
      {!email ? (
        <>
          <Notice error={error} />
          <AccountForm key="start" onSubmit={start}>
            <AccountTextField source="email" type="email" autoComplete="username" label="aula.account.fields.email" validate={emailRules()} disabled={locked} fullWidth />
            <SubmitButton disabled={locked}>{translate('aula.account.forgot.submit')}</SubmitButton>
          </AccountForm>
        </>
      ) : (
        <>
          {error || done ? (
            <Notice error={error} success={translate('aula.account.forgot.success')} />
          ) : (
            <Alert severity="success" sx={{ mb: 2 }}>
              <Box component="span" sx={{ display: 'block' }}>
                {translate('aula.account.forgot.codeSent')}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
                {translate('aula.account.forgot.sentTo')} <strong>{destination}</strong>
              </Box>
            </Alert>
          )}
          <AccountForm key="restore" onSubmit={restore}>
            <AccountTextField source="code" autoComplete="one-time-code" label="aula.account.fields.code" validate={requiredWith('code')} disabled={locked} fullWidth />
            <PasswordField
              source="newPassword"
              autoComplete="new-password"
              label="aula.account.fields.newPassword"
              validate={[requiredWith('newPassword'), passwordValidator(policy)]}
              disabled={locked}
              helperText={false}
            />
            <PolicySummary policy={policy} />
            <SubmitButton disabled={locked}>{translate('aula.account.forgot.restore')}</SubmitButton>
          </AccountForm>
        </>
      )}
      <FooterLink to="/login" label={translate('aula.account.forgot.backToLogin')} />
    </AuthLayout>
  )
}
