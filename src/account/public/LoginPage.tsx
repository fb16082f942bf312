import { Box, Link as MuiLink } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AccountForm, AccountTextField, PasswordField } from '../fields'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { signIn, takeSessionEnded } from '../../authProvider'
import { browser } from '../../authProvider/browser'
import { NewPasswordRequired } from '../../authProvider/cognito'
import { TwoStepRequired } from '../../authProvider/twoStep'
import { identityErrorMessage, isNotConfirmed } from '../../ui/identityErrors'
import { pendingEmail } from '../pendingEmail'
import { DELAYS, useLater } from '../useLater'
import { emailRules, requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { Carousel } from './Carousel'
import { FooterLink, Notice, SubmitButton } from './parts'
import { LazyTotpStep } from './LazyTotpStep'
import { signedInHome } from '../access/landing'
import { subscribeIntent } from '../subscribeIntent'

interface Credentials {
  email: string
  password: string
}

/**
 * Where sign-in leads: the page a visitor first asked for (Protected passes it along), or the dashboard.
 * Only a path of this site, never the sign-in screens themselves.
 */
export function nextPath(state: unknown, home = '/dashboard'): string {
  const { nextPathname, nextSearch } = (state ?? {}) as { nextPathname?: unknown; nextSearch?: unknown }
  if (typeof nextPathname !== 'string' || !nextPathname.startsWith('/') || nextPathname.startsWith('//')) return home
  if (/^\/(login|logout|global-logout|register|register-confirmation|forgot-password|complete-register)\/?$/.test(nextPathname)) return home
  const search = typeof nextSearch === 'string' && nextSearch.startsWith('?') ? nextSearch : ''
  return nextPathname + search
}

/** The e-mail of the account the confirmation screen has just confirmed, when it led here. */
export function confirmedEmail(state: unknown): string | null {
  const { confirmedEmail } = (state ?? {}) as { confirmedEmail?: unknown }
  return typeof confirmedEmail === 'string' && confirmedEmail ? confirmedEmail : null
}

/** /login (visitors only): e-mail and password; then the dashboard, the confirmation or the complete-register screen. */
export function LoginPage() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const location = useLocation()
  const later = useLater()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  // A session the identity service ended elsewhere arrives here through /logout: requirements §8's 401 text says why.
  const [ended] = useState(takeSessionEnded)
  const [error, setError] = useState<string | null>(() =>
    ended ? `${translate('aula.account.http.unauthorized')}: ${translate('aula.account.http.unauthorizedDetail')}` : null,
  )
  const [confirming, setConfirming] = useState(false)
  // Decided once signed in: the default landing depends on the user's groups (finance staff: the finance overview).
  // A course chosen on the public site before registering comes first: its subscribe screen (subscribeIntent).
  const next = () => subscribeIntent.take() ?? nextPath(location.state, signedInHome())
  const confirmed = confirmedEmail(location.state)
  const [twoStep, setTwoStep] = useState(false)

  const submit = async (values: Record<string, unknown>) => {
    const { email, password } = values as unknown as Credentials
    setError(null)
    setBusy(true)
    try {
      await signIn(email.trim(), password)
      setDone(true)
      // Requirements §4: the form stays disabled, then the page asked for (the dashboard by default) loads afresh.
      later(() => browser.assign(next()), DELAYS.login)
    } catch (err) {
      if (err instanceof NewPasswordRequired) {
        setBusy(false)
        navigate('/complete-register')
        return
      }
      if (err instanceof TwoStepRequired) {
        setTwoStep(true)
        return
      }
      if (isNotConfirmed(err)) {
        // The form stays locked while the notice says where the user is about to go.
        pendingEmail.set(email.trim())
        setConfirming(true)
        setError(`${identityErrorMessage(err, translate)} ${translate('aula.account.login.toConfirmation')}`)
        later(() => navigate('/register-confirmation'), DELAYS.unconfirmed)
        return
      }
      setBusy(false)
      setError(identityErrorMessage(err, translate))
    }
  }

  if (twoStep) return <LazyTotpStep onSignedIn={() => later(() => browser.assign(next()), DELAYS.login)} onCancel={() => { setTwoStep(false); setBusy(false) }} />

  const locked = busy || done || confirming
  return (
    <AuthLayout title={translate('aula.account.login.title')} subtitle={translate('aula.account.login.subtitle')} aside={<Carousel />}>
      <Notice error={error} success={done ? translate('aula.account.login.success') : confirmed ? translate('aula.account.login.confirmed') : null} />
      <AccountForm onSubmit={submit} defaultValues={{ email: confirmed ?? '' }}>
        <AccountTextField source="email" type="email" autoComplete="username" label="aula.account.fields.email" validate={emailRules()} disabled={locked} fullWidth />
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
