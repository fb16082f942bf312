import { Box, CircularProgress, Link, Typography } from '@mui/material'
import { lazy, Suspense } from 'react'
import { TextInput, useTranslate } from 'react-admin'
import { identityErrorMessage } from '../ui/identityErrors'

// The QR encoder is only needed while setting up: it stays out of the sign-in page's own bundle.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })))

type Translate = (key: string, options?: Record<string, unknown>) => string

/** Validation of a six-digit authenticator code (spaces the user types are tolerated). */
export const codeValidator = (value: unknown) => {
  const text = String(value ?? '').replace(/\s/g, '')
  if (!text) return 'aula.account.twoStep.validation.required'
  return /^\d{6}$/.test(text) ? undefined : 'aula.account.twoStep.validation.format'
}

/** The code as the service wants it: six digits, no spaces. */
export const cleanCode = (value: unknown) => String(value ?? '').replace(/\s/g, '')

/** The code field: numeric keyboard on phones, one-time-code autofill, the app's digits only. */
export function CodeInput({ disabled }: { disabled?: boolean }) {
  return (
    <TextInput
      source="code"
      label="aula.account.twoStep.code"
      helperText="aula.account.twoStep.codeHelp"
      validate={codeValidator}
      disabled={disabled}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
      fullWidth
    />
  )
}

/** The key in groups of four, as authenticator apps show it for typing in by hand. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * What the app needs to be added: the otpauth URI as a QR code, and the key as text for those who
 * cannot scan (the QR image is described for screen readers by its label).
 */
export function AppEnrolment({ uri, secret, account }: { uri: string; secret: string; account: string }) {
  const translate = useTranslate()
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: { xs: 'center', sm: 'flex-start' }, my: 2 }}>
      <Box
        sx={{
          p: 1.5,
          bgcolor: '#fff',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          lineHeight: 0,
          width: 192,
          height: 192,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Suspense fallback={<CircularProgress size={32} aria-label={translate('aula.account.twoStep.loading')} />}>
          <QRCodeSVG value={uri} size={168} level="M" role="img" aria-label={translate('aula.account.twoStep.qrLabel', { account })} />
        </Suspense>
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('aula.account.twoStep.scan')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('aula.account.twoStep.manual')}
        </Typography>
        <Typography
          component="code"
          data-testid="totp-secret"
          sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {groupedKey(secret)}
        </Typography>
        {/* On a phone the QR code is on the very screen that would scan it: the app can open the link instead. */}
        <Link href={uri} variant="body2" sx={{ display: 'inline-block', mt: 1.5 }}>
          {translate('aula.account.twoStep.openInApp')}
        </Link>
      </Box>
    </Box>
  )
}

/** Messages for the two-step answers of the identity service; everything else as the other account screens say it. */
export function twoStepErrorMessage(err: unknown, translate: Translate): string {
  const e = (err ?? {}) as { code?: string; message?: string }
  const t = (key: string) => translate(`aula.account.twoStep.errors.${key}`)
  if (e.code === 'EnableSoftwareTokenMFAException') return t('wrongSetupCode')
  if (e.code === 'CodeMismatchException') return t('wrongCode')
  if (e.message === 'Invalid session for the user, session is expired.') return t('sessionExpired')
  if (e.message?.startsWith('Two-step verification is required')) return t('staffRequired')
  if (e.message === 'Software token MFA is not enabled for this user pool.') return t('unavailable')
  return identityErrorMessage(err, translate)
}
