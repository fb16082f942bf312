import { useState } from 'react'
import { TextInput, useTranslate } from 'react-admin'
import { AccountForm, PasswordField, PolicySummary } from '../fields'
import { Navigate } from 'react-router-dom'
import { completeRegister, getPendingChallenge } from '../../authProvider'
import { browser } from '../../authProvider/browser'
import { identityErrorMessage } from '../identityErrors'
import { passwordValidator, usePasswordPolicy } from '../passwordPolicy'
import { DELAYS, useLater } from '../useLater'
import { requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { Notice, SubmitButton, TermsInput } from './parts'

/**
 * /complete-register (visitors only): an invited account's first sign-in. The name is shown read-only;
 * the user picks a password and accepts the terms. Without the sign-in's challenge, back to /login.
 */
export function CompleteRegisterPage() {
  const translate = useTranslate()
  const later = useLater()
  const policy = usePasswordPolicy()
  const [challenge] = useState(getPendingChallenge)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (!challenge) return <Navigate to="/login" replace />

  const submit = async (values: Record<string, unknown>) => {
    setError(null)
    setBusy(true)
    try {
      await completeRegister(String(values.newPasswordValue))
      setDone(true)
      later(() => browser.assign('/dashboard'), DELAYS.login)
    } catch (err) {
      setBusy(false)
      setError(identityErrorMessage(err, translate))
    }
  }

  const locked = busy || done
  return (
    <AuthLayout title={translate('aula.account.complete.title')} subtitle={translate('aula.account.complete.subtitle')}>
      <Notice error={error} success={done ? translate('aula.account.complete.success') : null} />
      <AccountForm onSubmit={submit} defaultValues={{ name: challenge.attributes.name ?? challenge.email }}>
        <TextInput source="name" label="aula.account.fields.name" readOnly fullWidth />
        <PasswordField
          source="newPasswordValue"
          autoComplete="new-password"
          label="aula.account.fields.password"
          validate={[requiredWith('password'), passwordValidator(policy)]}
          disabled={locked}
          fullWidth
          helperText={false}
        />
        <PolicySummary policy={policy} id="password-rule" />
        <TermsInput disabled={locked} />
        <SubmitButton disabled={locked}>{translate('aula.account.complete.submit')}</SubmitButton>
      </AccountForm>
    </AuthLayout>
  )
}
