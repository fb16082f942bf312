import { Alert, Button, CircularProgress } from '@mui/material'
import { useState, type ReactNode } from 'react'
import { Confirm, useTranslate } from 'react-admin'
import { ApiError } from '../../dataProvider'

export interface ActionResult {
  severity: 'success' | 'error'
  message: string
}

interface Props {
  /** Translated button text. */
  label: string
  icon?: ReactNode
  /** Translated question and explanation of the dialog. */
  title: string
  content: ReactNode
  /** Translated text of the dialog's confirm button; react-admin's 'Confirm' when not given. */
  confirmLabel?: string
  /** Runs the action; resolves with the sentence to show on success. */
  run: () => Promise<string>
  /** Where the result goes; the button shows it itself when not given. */
  onResult?: (result: ActionResult) => void
  disabled?: boolean
  color?: 'primary' | 'error' | 'warning' | 'success' | 'inherit'
}

/** The text an API failure shows: requirements §8's headline and the server's sentence when there is one. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const server = (error.body as { message?: unknown } | undefined)?.message
    return typeof server === 'string' && error.status === 400 ? `${error.title}: ${server}` : error.message
  }
  return error instanceof Error && error.message ? error.message : fallback
}

/**
 * A button whose action is confirmed in a dialog first, with a loading state of its own (other
 * actions stay usable) and a visible result (success or the error's text).
 */
export function ConfirmAction({ label, icon, title, content, confirmLabel, run, onResult, disabled, color = 'primary' }: Props) {
  const translate = useTranslate()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ActionResult | null>(null)

  const confirm = async () => {
    setOpen(false)
    setBusy(true)
    setResult(null)
    let outcome: ActionResult
    try {
      outcome = { severity: 'success', message: await run() }
    } catch (error) {
      outcome = { severity: 'error', message: failureText(error, translate('aula.admin.common.failed')) }
    }
    setBusy(false)
    if (onResult) onResult(outcome)
    else setResult(outcome)
  }

  return (
    <>
      <Button
        variant="outlined"
        color={color}
        disabled={disabled || busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : icon}
        aria-busy={busy}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Confirm
        isOpen={open}
        title={title}
        content={content}
        {...(confirmLabel ? { confirm: confirmLabel } : {})}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
      {result && (
        <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 1 }} onClose={() => setResult(null)}>
          {result.message}
        </Alert>
      )}
    </>
  )
}
