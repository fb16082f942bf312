import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AccountForm, AccountTextField } from '../fields'
import { useNavigate } from 'react-router-dom'
import { signUp } from '../../authProvider/cognito'
import { identityErrorMessage } from '../../ui/identityErrors'
import { pendingEmail } from '../pendingEmail'
import { DELAYS, useLater } from '../useLater'
import { emailRules, requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { FooterLink, NewPasswordAndTerms, Notice, SubmitButton } from './parts'

interface Registration {
  name: string
  email: string
  password: string
  terms: boolean
}

/** /register (visitors only): name, e-mail, password and the terms; then the confirmation screen. */
export function RegisterPage() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const later = useLater()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (values: Record<string, unknown>) => {
    const { name, email, password } = values as unknown as Registration
    setError(null)
    setBusy(true)
    try {
      await signUp(email.trim(), password, name.trim())
      pendingEmail.set(email.trim())
      setDone(true)
      later(() => navigate('/register-confirmation'), DELAYS.signUp)
    } catch (err) {
      setBusy(false)
      setError(identityErrorMessage(err, translate))
    }
  }

  const locked = busy || done
  return (
    <AuthLayout title={translate('aula.account.register.title')} subtitle={translate('aula.account.register.subtitle')}>
      <Notice error={error} success={done ? translate('aula.account.register.success') : null} />
      <AccountForm onSubmit={submit}>
        <AccountTextField source="name" autoComplete="name" label="aula.account.fields.name" validate={requiredWith('name')} disabled={locked} fullWidth />
        <AccountTextField source="email" autoComplete="email" label="aula.account.fields.email" validate={emailRules()} disabled={locked} fullWidth />
        <NewPasswordAndTerms source="password" disabled={locked} />
        <SubmitButton disabled={locked}>{translate('aula.account.register.submit')}</SubmitButton>
      </AccountForm>
      <FooterLink text={translate('aula.account.register.haveAccount')} to="/login" label={translate('aula.account.register.login')} />
    </AuthLayout>
  )
}
