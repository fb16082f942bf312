import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AccountForm, AccountTextField } from '../fields'
import { Navigate } from 'react-router-dom'
import { completeRegister, getPendingChallenge } from '../../authProvider'
import { browser } from '../../authProvider/browser'
import { TwoStepRequired } from '../../authProvider/twoStep'
import { identityErrorMessage } from '../../ui/identityErrors'
import { DELAYS, useLater } from '../useLater'
import { requiredWith } from '../validators'
import { AuthLayout } from './AuthLayout'
import { NewPasswordAndTerms, Notice, SubmitButton } from './parts'
import { LazyTotpStep } from './LazyTotpStep'
import { signedInHome } from '../access/landing'

/**
 * The placeholder name pools bootstrapped by earlier versions gave their administrator (new pools
 * give none): not a person's name, so the screen asks for the real one instead of showing it.
 */
const PLACEHOLDER_NAMES = new Set(['Administrator'])

/** The account's own name, or '' when it has none yet (no name, or the bootstrap placeholder). */
export const personalName = (attributes: Record<string, string>) => {
  const name = (attributes.name ?? '').trim()
  return PLACEHOLDER_NAMES.has(name) ? '' : name
}

/**
 * /complete-register (visitors only): an invited account's first sign-in. The name is shown read-only
 * (asked for when the account has none of its own); the user picks a password and accepts the terms.
 * Without the sign-in's challenge, back to /login.
 */
export function CompleteRegisterPage() {
  const translate = useTranslate()
  const later = useLater()
  const [challenge] = useState(getPendingChallenge)
  const [knownName] = useState(() => (challenge ? personalName(challenge.attributes) : ''))
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [twoStep, setTwoStep] = useState(false)

  if (!challenge) return <Navigate to="/login" replace />
  // Staff accounts set up two-step verification right after choosing the password.
  if (twoStep) return <LazyTotpStep onSignedIn={() => later(() => browser.assign(signedInHome()), DELAYS.login)} onCancel={() => browser.assign('/login')} />

  const submit = async (values: Record<string, unknown>) => {
    setError(null)
    setBusy(true)
    try {
      await completeRegister(String(values.newPasswordValue), knownName ? undefined : String(values.name).trim())
      setDone(true)
      later(() => browser.assign(signedInHome()), DELAYS.login)
    } catch (err) {
      setBusy(false)
      if (err instanceof TwoStepRequired) {
        setTwoStep(true)
        return
      }
      setError(identityErrorMessage(err, translate))
    }
  }

  const locked = busy || done
  return (
    <AuthLayout title={translate('aula.account.complete.title')} subtitle={translate('aula.account.complete.subtitle')}>
      <Notice error={error} success={done ? translate('aula.account.complete.success') : null} />
      <AccountForm onSubmit={submit} defaultValues={{ name: knownName }}>
        {knownName ? (
          <AccountTextField source="name" label="aula.account.fields.name" readOnly fullWidth />
        ) : (
          <AccountTextField source="name" autoComplete="name" label="aula.account.fields.name" validate={requiredWith('name')} disabled={locked} fullWidth />
        )}
        <NewPasswordAndTerms source="newPasswordValue" disabled={locked} />
        <SubmitButton disabled={locked}>{translate('aula.account.complete.submit')}</SubmitButton>
      </AccountForm>
    </AuthLayout>
  )
}
