import { Chip, Stack } from '@mui/material'
import { useTranslate } from 'react-admin'
import type { AdminUser } from '../../../contracts/admin/users'
import { FlagChip } from '../common/StatusChips'

/** Requirements §3's three badges: CONFIRMED/UNCONFIRMED (other pool states as they are), Enabled/Disabled, Verified/Unverified. */
export function UserBadges({ user }: { user: Pick<AdminUser, 'status' | 'enabled' | 'emailVerified'> }) {
  const translate = useTranslate()
  const T = 'aula.admin.users.badges'
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        variant={user.status === 'CONFIRMED' ? 'filled' : 'outlined'}
        color={user.status === 'CONFIRMED' ? 'success' : 'default'}
        label={user.status}
      />
      <FlagChip on={user.enabled} onLabel={translate(`${T}.enabled`)} offLabel={translate(`${T}.disabled`)} />
      <FlagChip on={user.emailVerified} onLabel={translate(`${T}.verified`)} offLabel={translate(`${T}.unverified`)} />
    </Stack>
  )
}
