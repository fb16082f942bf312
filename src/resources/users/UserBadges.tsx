import { Chip, Stack } from '@mui/material'
import { useTranslate } from 'react-admin'
import type { AdminUser } from '../../../contracts/admin/users'
import { userStatusLabel } from '../common/poolLabels'
import { FlagChip } from '../common/StatusChips'

/** Requirements §3's three badges: the account status (CONFIRMED, UNCONFIRMED, …), Enabled/Disabled, Verified/Unverified, each in the reader's language. */
export function UserBadges({ user }: { user: Pick<AdminUser, 'status' | 'enabled' | 'emailVerified'> }) {
  const translate = useTranslate()
  const T = 'aula.admin.users.badges'
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        variant={user.status === 'CONFIRMED' ? 'filled' : 'outlined'}
        color={user.status === 'CONFIRMED' ? 'success' : 'default'}
        label={userStatusLabel(translate, user.status)}
      />
      <FlagChip on={user.enabled} onLabel={translate(`${T}.enabled`)} offLabel={translate(`${T}.disabled`)} />
      <FlagChip on={user.emailVerified} onLabel={translate(`${T}.verified`)} offLabel={translate(`${T}.unverified`)} />
    </Stack>
  )
}
