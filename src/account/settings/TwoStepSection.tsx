import VerifiedUser from '@mui/icons-material/VerifiedUserOutlined'
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Typography,
} from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'
import { storedAttributes } from '../../authProvider'
import { beginTwoStep, confirmTwoStep, turnOffTwoStep, twoStepEnabled } from '../../authProvider/twoStep'
import { AccountForm } from '../fields'
import { SubmitButton } from '../public/parts'
import { AppEnrolment, cleanCode, CodeInput, twoStepErrorMessage } from '../twoStepParts'

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'off' } | { kind: 'on' } | { kind: 'enrolling'; secret: string; uri: string }

/**
 * Settings › security › two-step verification: turn it on (QR code or key for the authenticator
 * app, then one code from it) and off again (after a confirmation).
 */
export function TwoStepSection() {
  const translate = useTranslate()
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [confirmOff, setConfirmOff] = useState(false)
  const [round, setRound] = useState(0)

  const [reloads, setReloads] = useState(0)

  useEffect(() => {
    let live = true
    twoStepEnabled()
      .then((on) => live && setState({ kind: on ? 'on' : 'off' }))
      .catch((err: unknown) => live && setState({ kind: 'failed', message: twoStepErrorMessage(err, translate) }))
    return () => {
      live = false
    }
  }, [translate, reloads])

  const load = () => {
    setState({ kind: 'loading' })
    setReloads((n) => n + 1)
  }

  const run = async (action: () => Promise<void>) => {
    setError(null)
    setNotice(null)
    setBusy(true)
    try {
      await action()
    } catch (err) {
      setError(twoStepErrorMessage(err, translate))
      setRound((r) => r + 1)
    } finally {
      setBusy(false)
    }
  }

  const start = () =>
    run(async () => {
      const { secret, uri } = await beginTwoStep()
      setState({ kind: 'enrolling', secret, uri })
    })

  const confirm = (values: Record<string, unknown>) =>
    run(async () => {
      await confirmTwoStep(cleanCode(values.code))
      setState({ kind: 'on' })
      setNotice(translate('aula.account.twoStep.turnedOn'))
    })

  const turnOff = () =>
    run(async () => {
      setConfirmOff(false)
      await turnOffTwoStep()
      setState({ kind: 'off' })
      setNotice(translate('aula.account.twoStep.turnedOff'))
    })

  return (
    <Box component="section" aria-labelledby="two-step-title" data-two-step sx={{ maxWidth: 640 }}>
      <Divider sx={{ my: 4 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="two-step-title" variant="h6" component="h2">
          {translate('aula.account.twoStep.title')}
        </Typography>
        {state.kind === 'on' && <Chip icon={<VerifiedUser />} color="success" size="small" label={translate('aula.account.twoStep.onChip')} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.account.twoStep.intro')}
      </Typography>
      <div aria-live="polite">
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
      </div>

      {state.kind === 'loading' && <CircularProgress size={28} aria-label={translate('aula.account.twoStep.loading')} />}

      {state.kind === 'failed' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={load}>
              {translate('aula.account.twoStep.retry')}
            </Button>
          }
        >
          {translate('aula.account.twoStep.loadError')} {state.message}
        </Alert>
      )}

      {state.kind === 'off' && (
        <>
          <Typography sx={{ mb: 2 }}>{translate('aula.account.twoStep.off')}</Typography>
          <Button variant="contained" onClick={() => void start()} disabled={busy}>
            {translate('aula.account.twoStep.turnOn')}
          </Button>
        </>
      )}

      {state.kind === 'enrolling' && (
        <>
          <AppEnrolment uri={state.uri} secret={state.secret} account={storedAttributes()?.email ?? ''} />
          <Box sx={{ maxWidth: 360 }}>
            <AccountForm key={round} onSubmit={confirm}>
              <CodeInput disabled={busy} />
              <SubmitButton disabled={busy}>{translate('aula.account.twoStep.confirm')}</SubmitButton>
            </AccountForm>
            <Button
              onClick={() => {
                setError(null)
                setState({ kind: 'off' })
              }}
              disabled={busy}
              sx={{ mt: 1 }}
            >
              {translate('aula.account.twoStep.cancel')}
            </Button>
          </Box>
        </>
      )}

      {state.kind === 'on' && (
        <>
          <Typography sx={{ mb: 2 }}>{translate('aula.account.twoStep.on')}</Typography>
          <Button variant="outlined" color="error" onClick={() => setConfirmOff(true)} disabled={busy}>
            {translate('aula.account.twoStep.turnOff')}
          </Button>
        </>
      )}

      <Dialog open={confirmOff} onClose={() => setConfirmOff(false)} aria-labelledby="two-step-off-title" aria-describedby="two-step-off-text">
        <DialogTitle id="two-step-off-title">{translate('aula.account.twoStep.turnOffTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="two-step-off-text">{translate('aula.account.twoStep.turnOffText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOff(false)}>{translate('aula.account.twoStep.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void turnOff()}>
            {translate('aula.account.twoStep.turnOff')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  )
}
