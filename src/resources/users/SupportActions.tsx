import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined'
import KeyOutlined from '@mui/icons-material/KeyOutlined'
import LockResetOutlined from '@mui/icons-material/LockResetOutlined'
import LogoutOutlined from '@mui/icons-material/LogoutOutlined'
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined'
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined'
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material'
import { useState, type ReactNode } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { AdminUser, SupportAction } from '../../../contracts/admin/users'
import { ApiError, type AppDataProvider } from '../../dataProvider'
import { ConfirmAction, type ActionResult } from '../common/ConfirmAction'

const T = 'aula.admin.users.support'

const ACTIONS: Array<{ action: SupportAction; key: string; icon: ReactNode; color?: 'error'; applies: (u: AdminUser) => boolean }> = [
  { action: 'confirm', key: 'confirm', icon: <CheckCircleOutlined />, applies: (u) => u.status === 'UNCONFIRMED' },
  { action: 'enable', key: 'enable', icon: <PlayCircleOutlined />, applies: (u) => !u.enabled },
  { action: 'disable', key: 'disable', icon: <PersonOffOutlined />, color: 'error', applies: (u) => u.enabled },
  { action: 'force-logout', key: 'forceLogout', icon: <LogoutOutlined />, applies: () => true },
  { action: 'reset-password', key: 'resetPassword', icon: <LockResetOutlined />, applies: (u) => u.enabled },
  { action: 'set-temporal-password', key: 'temporaryPassword', icon: <KeyOutlined />, applies: (u) => u.enabled },
]

/**
 * The six support actions of requirements §4. Reset password on an account that never signed in
 * (FORCE_CHANGE_PASSWORD) explains that there is no password to reset and sends a new temporary one. Each has its own loading state and confirmation dialog; the
 * latest result shows under them. An action that cannot apply to the user as they are (enable an
 * enabled account) is offered disabled.
 */
export function SupportActions({ user, onChange }: { user: AdminUser; onChange: () => void }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [result, setResult] = useState<ActionResult | null>(null)
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {translate(`${T}.title`)}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {ACTIONS.map(({ action, key, icon, color, applies }) => {
            // Someone who never signed in has no password to reset: the dialog says so and sends a new temporary password instead.
            const instead = action === 'reset-password' && user.status === 'FORCE_CHANGE_PASSWORD'
            const run = async (what: SupportAction, done: string) => {
              try {
                await dataProvider.supportAction(what, user.username)
              } catch (error) {
                if (error instanceof ApiError && (error.body as { code?: unknown } | undefined)?.code === 'NEVER_SIGNED_IN')
                  throw new Error(translate(`${T}.resetPassword.neverSignedIn.refused`, { email: user.email }))
                throw error
              }
              onChange()
              return translate(`${T}.${done}.done`, { email: user.email })
            }
            return (
              <ConfirmAction
                key={action}
                label={translate(`${T}.${key}.label`)}
                icon={icon}
                color={color}
                disabled={!applies(user)}
                title={translate(instead ? `${T}.resetPassword.neverSignedIn.title` : `${T}.${key}.title`)}
                content={translate(instead ? `${T}.resetPassword.neverSignedIn.content` : `${T}.${key}.content`, { email: user.email })}
                confirmLabel={instead ? translate(`${T}.resetPassword.neverSignedIn.confirm`) : undefined}
                run={() => (instead ? run('set-temporal-password', 'temporaryPassword') : run(action, key))}
                onResult={setResult}
              />
            )
          })}
        </Stack>
        {result && (
          <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }} onClose={() => setResult(null)}>
            {result.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
