import { Link as MuiLink } from '@mui/material'
import { Datagrid, FunctionField, List, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { AdminGroup } from '../../../contracts/admin/groups'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { groupDescription } from '../common/poolLabels'
import { EmptyList } from '../common/EmptyList'
import { Scroll } from '../../ui/Scroll'
import { TokenPagination } from '../common/TokenPagination'

type Row = AdminGroup & { id: string }
const T = 'aula.admin.groups'
export const membersPath = (name: string) => `/admin/groups/${encodeURIComponent(name)}/show`

/** `/admin/groups`: the pool's groups; each opens its members. */
export function GroupList() {
  const translate = useTranslate()
  return (
    <AdminPage title={translate(`${T}.title`)} crumbs={[{ label: translate(`${T}.crumb`) }]}>
      <List
        resource="admin/groups"
        title={false}
        perPage={60}
        actions={false}
        exporter={false}
        pagination={<TokenPagination />}
        empty={<EmptyList message={translate(`${T}.empty`)} />}
      >
        <Scroll>
          <Datagrid rowClick={(id) => membersPath(String(id))} bulkActionButtons={false}>
            <FunctionField<Row>
              label={`${T}.name`}
              sortable={false}
              render={(g) => (
                <MuiLink component={Link} to={membersPath(g.name)} onClick={(e) => e.stopPropagation()}>
                  {g.name}
                </MuiLink>
              )}
            />
            <FunctionField<Row> label={`${T}.description`} sortable={false} render={(g) => groupDescription(translate, g) ?? '—'} />
            <FunctionField<Row> label={`${T}.precedence`} sortable={false} render={(g) => g.precedence ?? '—'} />
            <FunctionField<Row> label={`${T}.created`} sortable={false} render={(g) => formatDateTime(g.createdAt)} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}
