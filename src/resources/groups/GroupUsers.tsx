import { Link as MuiLink } from '@mui/material'
import { Datagrid, FunctionField, List, useTranslate } from 'react-admin'
import { Link, useParams } from 'react-router-dom'
import type { AdminUser } from '../../../contracts/admin/users'
import { AdminPage } from '../common/AdminPage'
import { SearchField } from '../common/SearchField'
import { EmptyList } from '../common/EmptyList'
import { Scroll } from '../../ui/Scroll'
import { TokenPagination } from '../common/TokenPagination'
import { userStatusLabel } from '../common/poolLabels'
import { updatePath } from '../users/paths'

type Row = AdminUser & { id: string }
const T = 'aula.admin.groups'

/** `/admin/groups/{name}/show`: the members of a group (`POST /api/v2/admin/groups/users`), searched by e-mail. */
export function GroupUsers() {
  const translate = useTranslate()
  const { id = '' } = useParams()
  const group = decodeURIComponent(id)
  return (
    <AdminPage title={translate(`${T}.members`, { name: group })} crumbs={[{ label: translate(`${T}.crumb`), to: '/admin/groups' }, { label: group }]}>
      <List
        resource="admin/groups/users"
        filter={{ group }}
        title={false}
        perPage={20}
        disableSyncWithLocation
        actions={false}
        exporter={false}
        filters={[<SearchField key="q" alwaysOn placeholder={translate(`${T}.search`)} />]}
        pagination={<TokenPagination />}
        empty={<EmptyList message={translate(`${T}.noMembers`)} />}
      >
        <Scroll>
          <Datagrid rowClick={(_id, _r, row) => updatePath(row as Row)} bulkActionButtons={false} empty={<EmptyList message={translate(`${T}.noMatch`)} />}>
            <FunctionField<Row>
              label="aula.admin.users.fields.email"
              sortable={false}
              render={(u) => (
                <MuiLink component={Link} to={updatePath(u)} onClick={(e) => e.stopPropagation()}>
                  {u.email}
                </MuiLink>
              )}
            />
            <FunctionField<Row> label="aula.admin.users.fields.name" sortable={false} render={(u) => u.name} />
            <FunctionField<Row> label="aula.admin.users.fields.status" sortable={false} render={(u) => userStatusLabel(translate, u.status)} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}
