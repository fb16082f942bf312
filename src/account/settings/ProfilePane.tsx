import { Alert, Box } from '@mui/material'
import { useState } from 'react'
import { Form, TextInput, useTranslate } from 'react-admin'
import { storedAttributes } from '../../authProvider'
import { updateName } from '../../authProvider/cognito'
import { identityErrorMessage } from '../identityErrors'
import { SubmitButton } from '../public/parts'
import { requiredWith } from '../validators'

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
      <Form onSubmit={submit} noValidate defaultValues={{ name: attributes?.name ?? '', email: attributes?.email ?? '', sub: attributes?.sub ?? '' }}>
        <TextInput source="name" autoComplete="name" label="aula.account.fields.name" validate={requiredWith('userName')} disabled={busy} fullWidth />
        <TextInput source="email" label="aula.account.fields.email" readOnly fullWidth />
        <TextInput source="sub" label="aula.account.fields.idNumber" readOnly fullWidth />
        <Box sx={{ maxWidth: 240 }}>
          <SubmitButton disabled={busy}>{translate('aula.account.settings.profile.submit')}</SubmitButton>
        </Box>
      </Form>
    </Box>
  )
}
