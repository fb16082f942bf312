import { Chip } from '@mui/material'
import { useTranslate } from 'react-admin'
import { subscriptionState } from '../../../contracts/subscriptions'

/** A subscription's state (requirements §4) by the same rule the server applies: Active, Expired or Revoked. */
export function SubscriptionStatusChip({ createdAt, durationDays, revokedAt }: { createdAt: string; durationDays: number; revokedAt: string | null }) {
  const translate = useTranslate()
  const { status } = subscriptionState(createdAt, durationDays, revokedAt)
  const color = status === 'active' ? 'success' : status === 'revoked' ? 'default' : 'error'
  return <Chip size="small" color={color} label={translate(`aula.admin.subscriptions.status.${status}`)} />
}

/** An on/off badge: the green one for the good state. */
export function FlagChip({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  // The off state is an outlined neutral chip: orange text on white is too faint to read.
  return <Chip size="small" variant={on ? 'filled' : 'outlined'} color={on ? 'success' : 'default'} label={on ? onLabel : offLabel} />
}
