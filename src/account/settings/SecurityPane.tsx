import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined'
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked'
import { Alert, Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AccountForm, PasswordField } from '../fields'
import type { PasswordPolicy } from '../../../contracts/config'
import { changePassword } from '../../authProvider/cognito'
import { identityErrorMessage } from '../../ui/identityErrors'
import { meetsRule, passwordValidator, policyRules, usePasswordPolicy } from '../passwordPolicy'
import { SubmitButton } from '../public/parts'
import { mustMatch, requiredWith } from '../validators'
import { TwoStepSection } from './TwoStepSection'

/** Settings › security: change the password (current, new, confirmation) against the pool's policy. */
export function SecurityPane() {
  const translate = useTranslate()
  const policy = usePasswordPolicy()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [round, setRound] = useState(0)
  const [proposed, setProposed] = useState('')

  const submit = async (values: Record<string, unknown>) => {
    setError(null)
    setDone(false)
    setBusy(true)
    try {
      await changePassword(String(values.currentPassword), String(values.newPassword))
      setDone(true)
      setRound((r) => r + 1)
      setProposed('')
    } catch (err) {
      // No username on this form: a refused current password is called just that.
      setError(identityErrorMessage(err, translate, { incorrectCredentials: 'wrongCurrentPassword' }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 4 }}>
      <Box sx={{ flex: 1, maxWidth: 520 }}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {translate('aula.account.settings.security.success')}
          </Alert>
        )}
        <AccountForm key={round} onSubmit={submit}>
          <PasswordField
            source="currentPassword"
            autoComplete="current-password"
            label="aula.account.fields.currentPassword"
            validate={requiredWith('currentPassword')}
            disabled={busy}
            fullWidth
          />
          <PasswordField
            source="newPassword"
            autoComplete="new-password"
            label="aula.account.fields.newPassword"
            validate={[requiredWith('newPassword'), passwordValidator(policy)]}
            onChange={(e: { target: { value: string } }) => setProposed(e.target.value)}
            disabled={busy}
            fullWidth
          />
          <PasswordField
            source="verifyPassword"
            autoComplete="new-password"
            label="aula.account.fields.confirmPassword"
            validate={[requiredWith('confirmPassword'), mustMatch('newPassword')]}
            disabled={busy}
            fullWidth
          />
          <Requirements policy={policy} password={proposed} />
          <Box sx={{ maxWidth: 240 }}>
            <SubmitButton disabled={busy}>{translate('aula.account.settings.security.submit')}</SubmitButton>
          </Box>
        </AccountForm>
        <TwoStepSection />
      </Box>
    </Box>
  )
}

/** The requirement list of the pool's policy, each ticked once the new password meets it. */
function Requirements({ policy, password }: { policy: PasswordPolicy; password: string }) {
  const translate = useTranslate()
  return (
    <Box component="section" aria-labelledby="password-requirements" sx={{ mt: 1 }}>
      <Typography id="password-requirements" variant="subtitle2" component="h3">
        {translate('aula.account.policy.title')}
      </Typography>
      <List dense>
        {policyRules(policy).map((rule) => {
          const met = meetsRule(rule, password, policy)
          return (
            <ListItem key={rule} disableGutters data-met={met}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {met ? <CheckCircleOutline color="success" fontSize="small" /> : <RadioButtonUnchecked color="disabled" fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={translate(`aula.account.policy.${rule}`, { min: policy.minimumLength })} />
            </ListItem>
          )
        })}
      </List>
    </Box>
  )
}
