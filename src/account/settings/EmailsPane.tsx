import { Box, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, LinearProgress, Switch, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useNotify, useTranslate } from 'react-admin'
import type { MailPreferences } from '../../../contracts/mail'
import type { AppDataProvider } from '../../dataProvider'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useLoad } from '../../ui/useLoad'

const T = 'aula.account.settings.emails'
const CHOICES = ['expiryReminders', 'weeklyDigest'] as const

/**
 * Settings › e-mails: the mail Aula sends unasked (expiry reminders, weekly digest), each a switch
 * saved as soon as it changes (`PUT /api/v2/user/mail-preferences`). The mails' one-click unsubscribe
 * links turn the same switches off.
 */
export function EmailsPane() {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, isPending } = useLoad(() => dataProvider.getMailPreferences(), 'mail-preferences')
  const [saved, setSaved] = useState<MailPreferences | null>(null)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  if (isPending) return <LinearProgress aria-hidden="true" />
  if (error || !data) return <ErrorDisplay error={error} />
  const current = saved ?? data

  const change = async (choice: (typeof CHOICES)[number], on: boolean) => {
    setSaving(true)
    setFailure(null)
    setSaved({ ...current, [choice]: on })
    try {
      setSaved(await dataProvider.setMailPreferences({ [choice]: on }))
      notify(`${T}.saved`, { type: 'success' })
    } catch (e) {
      setSaved(current)
      setFailure(e)
    } finally {
      setSaving(false)
    }
  }

  return (
    <FormControl component="fieldset" sx={{ maxWidth: 640 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate(`${T}.legend`)}
      </FormLabel>
      <Typography sx={{ mb: 2 }}>{translate(`${T}.intro`)}</Typography>
      <FormGroup sx={{ gap: 2 }}>
        {CHOICES.map((choice) => (
          <div key={choice}>
            <FormControlLabel
              control={
                <Switch
                  checked={current[choice]}
                  disabled={saving}
                  onChange={(_, on) => void change(choice, on)}
                  slotProps={{ input: { 'aria-describedby': `mail-${choice}-help` } }}
                />
              }
              label={translate(`${T}.${choice}`)}
            />
            <FormHelperText id={`mail-${choice}-help`} sx={{ ml: 6, mt: 0 }}>
              {translate(`${T}.${choice}Help`)}
            </FormHelperText>
          </div>
        ))}
      </FormGroup>
      {failure !== null && (
        <Box sx={{ mt: 2 }}>
          <ErrorDisplay error={failure} />
        </Box>
      )}
    </FormControl>
  )
}
