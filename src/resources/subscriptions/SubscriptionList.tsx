import { Link as MuiLink, Typography } from '@mui/material'
import { Datagrid, FunctionField, List, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { AdminSubscription } from '../../../contracts/admin/subscriptions'
import { subscriptionState } from '../../../contracts/subscriptions'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { SearchField } from '../common/SearchField'
import { EmptyList } from '../common/EmptyList'
import { Scroll } from '../../ui/Scroll'
import { SubscriptionStatusChip } from '../common/StatusChips'
import { TokenPagination } from '../common/TokenPagination'

type Row = AdminSubscription & { id: string }

/** The detail route of a row: `/admin/subscriptions/detail/{subscriptionId}/{courseId}` (its id is both). */
export const detailPath = (row: { id: string }) => `/admin/subscriptions/detail/${row.id}`

const T = 'aula.admin.subscriptions'

/**
 * Requirements §2 "Subscriptions Management": Id, Created, Expiration, Status; the estimated total; token
 * paging. Beside the ids each row names its learner and course, and the search finds them by name.
 */
export function SubscriptionList() {
  const translate = useTranslate()
  return (
    <AdminPage title={translate(`${T}.title`)} crumbs={[{ label: translate(`${T}.crumb`) }]}>
      <List
        resource="admin/subscriptions"
        title={false}
        perPage={20}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[<SearchField key="q" alwaysOn placeholder={translate(`${T}.search`)} />]}
        pagination={<TokenPagination />}
        exporter={false}
        actions={false}
        empty={<EmptyList message={translate(`${T}.empty`)} />}
      >
        <Scroll>
          <Datagrid
            rowClick={(_id, _resource, row) => detailPath(row as Row)}
            bulkActionButtons={false}
            empty={<EmptyList message={translate(`${T}.noMatch`)} />}
          >
            <FunctionField<Row>
              label={`${T}.columns.id`}
              sortable={false}
              render={(row) => (
                <MuiLink component={Link} to={detailPath(row)} onClick={(e) => e.stopPropagation()} sx={{ fontFamily: 'monospace' }}>
                  {row.id.split('/')[0]}
                </MuiLink>
              )}
            />
            <FunctionField<Row> label={`${T}.columns.learner`} sortable={false} render={(row) => <Learner row={row} />} />
            <FunctionField<Row> label={`${T}.columns.course`} sortable={false} render={(row) => row.courseName} />
            <FunctionField<Row> label={`${T}.columns.created`} sortable={false} render={(row) => formatDateTime(row.createdAt)} />
            <FunctionField<Row>
              label={`${T}.columns.expiration`}
              sortable={false}
              render={(row) => formatDateTime(subscriptionState(row.createdAt, row.durationDays, row.revokedAt).expiresAt)}
            />
            <FunctionField<Row> label={`${T}.columns.status`} sortable={false} render={(row) => <SubscriptionStatusChip {...row} />} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}

/** The learner's name over their e-mail; an account that no longer exists says so, with its username. */
function Learner({ row }: { row: Row }) {
  const translate = useTranslate()
  if (row.learnerEmail === null && row.learnerName === null)
    return (
      <>
        <Typography variant="body2">{translate(`${T}.learnerGone`)}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'monospace' }}>
          {row.username}
        </Typography>
      </>
    )
  return (
    <>
      {row.learnerName && <Typography variant="body2">{row.learnerName}</Typography>}
      <Typography
        variant={row.learnerName ? 'caption' : 'body2'}
        color={row.learnerName ? 'text.secondary' : undefined}
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {row.learnerEmail}
      </Typography>
    </>
  )
}
