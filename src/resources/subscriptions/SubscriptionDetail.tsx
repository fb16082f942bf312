import BlockOutlined from '@mui/icons-material/BlockOutlined'
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined'
import { Alert, Grid, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material'
import { useDataProvider, useGetOne, useTranslate } from 'react-admin'
import { Link, useParams } from 'react-router-dom'
import type { SubscriptionDetail as Detail } from '../../../contracts/admin/subscriptions'
import { subscriptionState } from '../../../contracts/subscriptions'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { ConfirmAction, failureText } from '../common/ConfirmAction'
import { Line, Section } from '../common/DetailSection'
import { FlagChip, SubscriptionStatusChip } from '../common/StatusChips'

const T = 'aula.admin.subscriptions'

/**
 * `/admin/subscriptions/detail/{subscriptionId}/{courseId}`: the subscription, its learner and course,
 * revoke, and — once revoked — letting the learner subscribe again (a revocation blocks that until lifted).
 */
export function SubscriptionDetail() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { subscriptionId = '', courseId = '' } = useParams()
  const { data, error, isPending, refetch } = useGetOne<Detail & { id: string }>('admin/subscriptions', { id: `${subscriptionId}/${courseId}` })
  const crumbs = [{ label: translate(`${T}.crumb`), to: '/admin/subscriptions' }, { label: translate(`${T}.detail.crumb`) }]

  // A row of the list may stand in while the detail loads: it lacks the learner and the course.
  if (isPending || (data && !('course' in data))) return <LinearProgress aria-hidden="true" />
  if (error || !data) {
    return (
      <AdminPage title={translate(`${T}.detail.title`)} crumbs={crumbs}>
        <Alert severity="error">{failureText(error, translate('aula.admin.common.failed'))}</Alert>
      </AdminPage>
    )
  }
  const state = subscriptionState(data.createdAt, data.durationDays, data.revokedAt)
  // Shown while the learner exists (disabled once no longer active), so its result stays on screen.
  const revoke = data.learner && (
    <ConfirmAction
      label={translate(`${T}.detail.revoke`)}
      icon={<BlockOutlined />}
      color="error"
      disabled={state.status !== 'active'}
      title={translate(`${T}.detail.revokeTitle`)}
      content={translate(`${T}.detail.revokeContent`, { name: data.learner.email, course: data.course.name })}
      run={async () => {
        await dataProvider.revokeSubscription(data.learner!.username, data.course.uuid)
        await refetch()
        return translate(`${T}.detail.revoked`)
      }}
    />
  )
  // Shown for a revoked subscription (disabled once lifted, so its result stays on screen).
  const lift = data.revokedAt && (
    <ConfirmAction
      label={translate(`${T}.detail.liftBlock`)}
      icon={<LockOpenOutlined />}
      disabled={!data.blocksSelfSubscription}
      title={translate(`${T}.detail.liftBlockTitle`)}
      content={translate(`${T}.detail.liftBlockContent`, { name: data.learner?.email ?? data.username, course: data.course.name })}
      run={async () => {
        await dataProvider.liftSubscriptionBlock(subscriptionId, courseId)
        await refetch()
        return translate(`${T}.detail.blockLifted`)
      }}
    />
  )
  const actions =
    revoke || lift ? (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {revoke}
        {lift}
      </Stack>
    ) : undefined
  return (
    <AdminPage title={translate(`${T}.detail.title`)} crumbs={crumbs} actions={actions}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={translate(`${T}.detail.subscription`)}>
            <Line label={translate(`${T}.columns.id`)} value={<code>{data.id.split('/')[0]}</code>} />
            <Line label={translate(`${T}.detail.plan`)} value={translate(`${T}.detail.planValue`, { name: data.planName, smart_count: data.durationDays })} />
            <Line label={translate(`${T}.columns.created`)} value={formatDateTime(data.createdAt)} />
            <Line label={translate(`${T}.columns.expiration`)} value={formatDateTime(state.expiresAt)} />
            {data.revokedAt && <Line label={translate(`${T}.detail.revokedAt`)} value={formatDateTime(data.revokedAt)} />}
            {data.revokedAt && (
              <Line
                label={translate(`${T}.detail.selfSubscription`)}
                value={
                  data.blocksSelfSubscription || !data.blockLiftedAt
                    ? translate(`${T}.detail.blocked`)
                    : translate(`${T}.detail.lifted`, { date: formatDateTime(data.blockLiftedAt) })
                }
              />
            )}
            <Line label={translate(`${T}.columns.status`)} value={<SubscriptionStatusChip {...data} />} />
            {state.status === 'active' && <Line label={translate(`${T}.detail.remaining`)} value={String(state.remainingDays)} />}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={translate(`${T}.detail.learner`)}>
            {data.learner ? (
              <>
                <Line label={translate('aula.admin.users.fields.name')} value={data.learner.name} />
                <Line
                  label={translate('aula.admin.users.fields.email')}
                  value={
                    <MuiLink component={Link} to={`/admin/users/update/${encodeURIComponent(data.learner.username)}/${encodeURIComponent(data.learner.email)}`}>
                      {data.learner.email}
                    </MuiLink>
                  }
                />
                <Line
                  label={translate('aula.admin.users.fields.enabled')}
                  value={
                    <FlagChip
                      on={data.learner.enabled}
                      onLabel={translate('aula.admin.users.badges.enabled')}
                      offLabel={translate('aula.admin.users.badges.disabled')}
                    />
                  }
                />
              </>
            ) : (
              <Typography color="text.secondary">{translate(`${T}.detail.noLearner`, { username: data.username })}</Typography>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={translate(`${T}.detail.course`)}>
            <Line label={translate('aula.admin.common.name')} value={data.course.name} />
            <Line label={translate(`${T}.detail.courseId`)} value={<code>{data.course.uuid}</code>} />
            {data.course.details.Organization && <Line label={translate(`${T}.detail.organization`)} value={data.course.details.Organization} />}
          </Section>
        </Grid>
      </Grid>
    </AdminPage>
  )
}
