import { Alert, Box } from '@mui/material'
import { useState } from 'react'
import { TextInput, useTranslate } from 'react-admin'
import { AccountForm } from '../fields'
import { storedAttributes } from '../../authProvider'
import { storedPayload } from '../../authProvider/session'
import { updateName } from '../../authProvider/cognito'
import { identityErrorMessage } from '../../ui/identityErrors'
import { SubmitButton } from '../public/parts'
import { requiredWith } from '../validators'

const WRAP = { '& textarea': { overflowWrap: 'anywhere' } }

/** The id-number attributes a pool may carry (custom attributes the centre fills in), first found wins. */
const ID_NUMBER_CLAIMS = ['custom:id_number', 'custom:idNumber', 'custom:id-number']

/** The person's id number when the account has one; never the internal subject id. */
export function idNumberOf(payload: Record<string, unknown> | null): string | undefined {
  for (const claim of ID_NUMBER_CLAIMS) {
    const value = payload?.[claim]
    if (typeof value === 'string' && value.trim()) return value.trim()
  }
  return undefined
}

/** Settings › profile: name (editable), e-mail and id number; a new name shows after the next sign-in. */
export function ProfilePane() {
  const translate = useTranslate()
  const [attributes] = useState(storedAttributes)
  const [idNumber] = useState(() => idNumberOf(storedPayload()))
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
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('aula.account.settings.profile.success')} {translate('aula.account.settings.profile.note')}
        </Alert>
      )}
      <AccountForm
        onSubmit={submit}
        defaultValues={{ name: attributes?.name ?? '', email: attributes?.email ?? '', idNumber: idNumber ?? '', sub: attributes?.sub ?? '' }}
      >
        <TextInput source="name" autoComplete="name" label="aula.account.fields.name" validate={requiredWith('name')} disabled={busy} fullWidth />
        {/* Read-only values can be longer than a phone is wide: they wrap instead of being cut off. */}
        <TextInput source="email" label="aula.account.fields.email" readOnly fullWidth multiline sx={WRAP} />
        {idNumber && <TextInput source="idNumber" label="aula.account.fields.idNumber" readOnly fullWidth multiline sx={WRAP} />}
        {/* The internal id support asks for, under a label that says what it is. */}
        <TextInput source="sub" label="aula.account.fields.accountId" readOnly fullWidth multiline sx={WRAP} />
        <Box sx={{ maxWidth: 240 }}>
          <SubmitButton disabled={busy}>{translate('aula.account.settings.profile.submit')}</SubmitButton>
        </Box>
      </AccountForm>
    </Box>
  )
}
