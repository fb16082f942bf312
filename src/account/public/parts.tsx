import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Link as MuiLink } from '@mui/material'
import type { ReactNode } from 'react'
import { InputHelperText, useInput, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { PasswordField, PolicySummary } from '../fields'
import { passwordValidator, usePasswordPolicy } from '../passwordPolicy'
import { requiredWith } from '../validators'

/** Red alert for failures, green for success notices (requirements §8: errors appear translated in red alerts). */
export function Notice({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) return <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>
  if (success) return <Alert severity="success" sx={{ mb: 2 }}>{success}</Alert>
  return null
}

export function SubmitButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled} sx={{ mt: 2 }}>
      {children}
    </Button>
  )
}

/** The terms checkbox: must be ticked ('Please accept the conditions'); its label links to the terms page. */
export function TermsInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate()
  const { field, fieldState } = useInput({ source: 'terms', defaultValue: false, validate: requiredWith('terms') })
  return (
    <Box sx={{ mt: 1 }}>
      <FormControlLabel
        control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={disabled} />}
        label={
          <>
            {translate('aula.account.terms.accept')}{' '}
            <MuiLink component={Link} to="/terms-of-use-and-privacy" target="_blank" rel="noopener">
              {translate('aula.account.terms.link')}
            </MuiLink>
          </>
        }
      />
      {fieldState.invalid && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error?.message} />
        </FormHelperText>
      )}
    </Box>
  )
}

export function FooterLink({ text, to, label }: { text?: string; to: string; label: string }) {
  return (
    <Box sx={{ mt: 2, textAlign: 'center', color: 'text.secondary' }}>
      {text}{' '}
      <MuiLink component={Link} to={to}>
        {label}
      </MuiLink>
    </Box>
  )
}

/** A new password checked against the one policy, the policy in words, and the terms checkbox (register, complete register). */
export function NewPasswordAndTerms({ source, disabled }: { source: string; disabled?: boolean }) {
  const policy = usePasswordPolicy()
  return (
    <>
      <PasswordField
        source={source}
        autoComplete="new-password"
        label="aula.account.fields.password"
        validate={[requiredWith('password'), passwordValidator(policy)]}
        disabled={disabled}
        fullWidth
        helperText={false}
      />
      <PolicySummary policy={policy} id="password-rule" />
      <TermsInput disabled={disabled} />
    </>
  )
}
