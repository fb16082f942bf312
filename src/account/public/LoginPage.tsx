import { Box, Link as MuiLink } from '@mui/material'
import { useState } from 'react'
import { TextInput, useTranslate } from 'react-admin'
import { AccountForm, PasswordField } from '../fields'
import { Link, useNavigate } from 'react-router-dom'
import { signIn } from '../../authProvider'
import { browser } from '../../authProvider/browser'
import { NewPasswordRequired } from '../../authProvider/cognito'
import { TwoStepRequired } from '../../authProvider/twoStep'
import { identityErrorMessage, isNotConfirmed } from '../identityErrors'
import { pendingEmail } from '../pendingEmail'
import { DELAYS, useLater } from '../useLater'
import { requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { Carousel } from './Carousel'
import { FooterLink, Notice, SubmitButton } from './parts'
import { TotpStep } from './TotpStep'

interface Credentials {
  email: string
  password: string
}

/** /login (visitors only): e-mail and password; then the dashboard, the confirmation or the complete-register screen. */
export function LoginPage() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const later = useLater()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [twoStep, setTwoStep] = useState(false)

  const submit = async (values: Record<string, unknown>) => {
    const { email, password } = values as unknown as Credentials
    setError(null)
    setBusy(true)
    try {
      await signIn(email.trim(), password)
      setDone(true)
      // Spec §4: the form stays disabled, then the dashboard loads afresh.
      later(() => browser.assign('/dashboard'), DELAYS.login)
    } catch (err) {
      setBusy(false)
      if (err instanceof NewPasswordRequired) {
        navigate('/complete-register')
        return
      }
      if (err instanceof TwoStepRequired) {
        setTwoStep(true)
        return
      }
      setError(identityErrorMessage(err, translate))
      if (isNotConfirmed(err)) {
        pendingEmail.set(email.trim())
        later(() => navigate('/register-confirmation'), DELAYS.unconfirmed)
      }
    }
  }

  if (twoStep) return <TotpStep onSignedIn={() => later(() => browser.assign('/dashboard'), DELAYS.login)} onCancel={() => setTwoStep(false)} />

  const locked = busy || done
  return (
    <AuthLayout title={translate('aula.account.login.title')} subtitle={translate('aula.account.login.subtitle')} aside={<Carousel />}>
      <Notice error={error} success={done ? translate('aula.account.login.success') : null} />
      <AccountForm onSubmit={submit}>
        <TextInput source="email" type="email" autoComplete="username" label="aula.account.fields.email" validate={requiredWith('email')} disabled={locked} fullWidth />
        <PasswordField source="password" autoComplete="current-password" label="aula.account.fields.password" validate={requiredWith('password')} disabled={locked} fullWidth />
        <Box sx={{ textAlign: 'right' }}>
          <MuiLink component={Link} to="/forgot-password" variant="body2">
            {translate('aula.account.login.forgot')}
          </MuiLink>
        </Box>
        <SubmitButton disabled={locked}>{translate('aula.account.login.submit')}</SubmitButton>
      </AccountForm>
      <FooterLink text={translate('aula.account.login.noAccount')} to="/register" label={translate('aula.account.login.register')} />
    </AuthLayout>
  )
}
