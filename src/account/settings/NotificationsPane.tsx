import { FormControlLabel, FormGroup, LinearProgress, Switch, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin'
import { kindFor, type NotificationPreference } from '../../../contracts/notifications'
import type { AppDataProvider } from '../../dataProvider'
import { ErrorDisplay } from '../../ui/ErrorDisplay'

/** Settings › notifications: per kind, whether it also comes by mail (in Aula it always shows). Each switch saves at once. */
export function NotificationsPane() {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AppDataProvider>()
  // Only the kinds this user can get (a learner never imports); unknown groups: all of them.
  const { permissions } = usePermissions<string[] | undefined>()
  const [items, setItems] = useState<NotificationPreference[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    dataProvider.getNotificationPreferences().then(setItems, setError)
  }, [dataProvider])

  if (error) return <ErrorDisplay error={error} />
  if (!items) return <LinearProgress aria-hidden="true" />

  const change = (kind: NotificationPreference['kind'], byMail: boolean) => {
    const before = items
    setItems(items.map((p) => (p.kind === kind ? { ...p, byMail } : p)))
    dataProvider.saveNotificationPreferences([{ kind, byMail }]).then(
      (saved) => {
        setItems(saved)
        notify('aula.notifications.preferences.saved', { type: 'success' })
      },
      () => {
        setItems(before)
        notify('aula.notifications.preferences.saveError', { type: 'error' })
      },
    )
  }

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.notifications.preferences.intro')}
      </Typography>
      <FormGroup>
        {items
          .filter((p) => !Array.isArray(permissions) || kindFor(p.kind, permissions))
          .map((p) => {
            const kind = translate(`aula.notifications.kinds.${p.kind}`)
            return (
              <FormControlLabel
                key={p.kind}
                control={
                  <Switch
                    checked={p.byMail}
                    onChange={(e) => change(p.kind, e.target.checked)}
                    slotProps={{ input: { 'aria-label': translate('aula.notifications.preferences.byMail', { kind }) } }}
                  />
                }
                label={kind}
              />
            )
          })}
      </FormGroup>
    </>
  )
}
