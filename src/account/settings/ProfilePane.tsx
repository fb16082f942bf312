import { Alert, Box } from '@mui/material'
import { useState } from 'react'
import { TextInput, useTranslate } from 'react-admin'
import { AccountForm } from '../fields'
import { storedAttributes } from '../../authProvider'
import { updateName } from '../../authProvider/cognito'
import { identityErrorMessage } from '../../ui/identityErrors'
import { SubmitButton } from '../public/parts'
import { requiredWith } from '../validators'

const WRAP = { '& textarea': { overflowWrap: 'anywhere' } }

/** Settings › profile: name (editable), e-mail and id number; a new name shows after the next sign-in. */
export function ProfilePane() {
  const translate = useTranslate()
  const [attributes] = useState(storedAttributes)
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (values: Record<string, unknown>) => {
    setError(null)
    setSaved(false)
    setBusy(true)
    try {
      await updateName(String(values.name).trim())
      setSaved(true)
    } catch (err) {
      setError(identityErrorMessage(err, translate))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box sx={{ maxWidth: 520 }}>
      {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('aula.account.settings.profile.success')} {translate('aula.account.settings.profile.note')}
        </Alert>
      )}
      <AccountForm onSubmit={submit} defaultValues={{ name: attributes?.name ?? '', email: attributes?.email ?? '', sub: attributes?.sub ?? '' }}>
        <TextInput source="name" autoComplete="name" label="aula.account.fields.name" validate={requiredWith('userName')} disabled={busy} fullWidth />
        {/* Read-only values can be longer than a phone is wide: they wrap instead of being cut off. */}
        <TextInput source="email" label="aula.account.fields.email" readOnly fullWidth multiline sx={WRAP} />
        <TextInput source="sub" label="aula.account.fields.idNumber" readOnly fullWidth multiline sx={WRAP} />
        <Box sx={{ maxWidth: 240 }}>
          <SubmitButton disabled={busy}>{translate('aula.account.settings.profile.submit')}</SubmitButton>
        </Box>
      </AccountForm>
    </Box>
  )
}
