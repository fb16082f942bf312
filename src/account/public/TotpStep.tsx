import { Alert, Box, Button, CircularProgress } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'
import { answerTwoStep, clearPendingTwoStep, getPendingTwoStep, setUpTwoStepAtSignIn } from '../../authProvider'
import { AccountForm } from '../fields'
import { AppEnrolment, cleanCode, CodeInput, twoStepErrorMessage } from '../twoStepParts'
import { AuthLayout } from './AuthLayout'
import { Notice, SubmitButton } from './parts'

/**
 * The second step of a sign-in: the code from the authenticator app, or — when the account's role
 * requires two-step verification and it is not set up yet — adding the app first (QR code and key),
 * then its first code. `onSignedIn` runs with the session stored; `onCancel` goes back to the password.
 */
export function TotpStep({ onSignedIn, onCancel }: { onSignedIn: () => void; onCancel: () => void }) {
  const translate = useTranslate()
  const [pending] = useState(getPendingTwoStep)
  const setup = pending?.kind === 'setup'
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!setup) return
    let live = true
    setUpTwoStepAtSignIn()
      .then((e) => live && setEnrolment(e))
      .catch((err: unknown) => live && setLoadError(twoStepErrorMessage(err, translate)))
    return () => {
      live = false
    }
    // One secret per attempt: asking again would hand out a new one (and spend the challenge).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setup, attempt])

  const back = () => {
    clearPendingTwoStep()
    onCancel()
  }

  // Nothing to answer (a reload lost the challenge): back to the password step.
  useEffect(() => {
    if (!pending) onCancel()
  }, [pending, onCancel])
  if (!pending) return null

  const submit = async (values: Record<string, unknown>) => {
    setError(null)
    setBusy(true)
    try {
      await answerTwoStep(cleanCode(values.code))
      setDone(true)
      onSignedIn()
    } catch (err) {
      setBusy(false)
      const e = err as { message?: string }
      // An expired or spent challenge cannot be answered any more: the password step must run again.
      if (e.message === 'Invalid session for the user, session is expired.' || e.message === 'Password attempts exceeded') clearPendingTwoStep()
      setError(twoStepErrorMessage(err, translate))
      setRound((r) => r + 1)
    }
  }

  const expired = !getPendingTwoStep() && !done
  const locked = busy || done || expired
  const key = setup ? 'setup' : 'signIn'
  return (
    <AuthLayout title={translate(`aula.account.twoStep.${key}.title`)} subtitle={translate(`aula.account.twoStep.${key}.subtitle`)}>
      <div data-two-step />
      <Notice error={error ?? loadError} success={done ? translate('aula.account.login.success') : null} />
      {setup && !enrolment && !loadError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 3 }}>
          <CircularProgress aria-label={translate('aula.account.twoStep.loading')} />
        </Box>
      )}
      {setup && loadError && !expired && (
        <Button
          onClick={() => {
            setLoadError(null)
            setAttempt((a) => a + 1)
          }}
          sx={{ mb: 2 }}
        >
          {translate('aula.account.twoStep.retry')}
        </Button>
      )}
      {setup && enrolment && <AppEnrolment uri={enrolment.uri} secret={enrolment.secret} account={pending.email} />}
      {expired ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('aula.account.twoStep.errors.signInAgain')}
        </Alert>
      ) : (
        (!setup || enrolment) && (
          <AccountForm key={round} onSubmit={submit}>
            <CodeInput disabled={locked} />
            <SubmitButton disabled={locked}>{translate(`aula.account.twoStep.${key}.submit`)}</SubmitButton>
          </AccountForm>
        )
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Button onClick={back} disabled={busy || done}>
          {translate('aula.account.twoStep.signIn.back')}
        </Button>
      </Box>
    </AuthLayout>
  )
}
