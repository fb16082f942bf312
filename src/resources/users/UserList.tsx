import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined'
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined'
import { Button, Link as MuiLink, Stack } from '@mui/material'
import { Datagrid, FunctionField, List, SelectInput, TopToolbar, useDataProvider, useGetList, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { AdminGroup } from '../../../contracts/admin/groups'
import type { AdminUser } from '../../../contracts/admin/users'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { SearchField } from '../common/SearchField'
import { toCsv } from '../common/csv'
import { EmptyList } from '../common/EmptyList'
import { ExportCsvButton } from '../common/ExportCsvButton'
import { Scroll } from '../../ui/Scroll'
import { TokenPagination } from '../common/TokenPagination'
import { UserBadges } from './UserBadges'
import { updatePath } from './paths'

type Row = AdminUser & { id: string }
const T = 'aula.admin.users'

/** `/admin/users`: search by e-mail or name prefix, filter by group and state, token paging, CSV export. */
export function UserList() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const groups = useGetList<AdminGroup & { id: string }>('admin/groups', { pagination: { page: 1, perPage: 60 } })
  const filters = [
    <SearchField key="q" alwaysOn placeholder={translate(`${T}.search`)} />,
    <SelectInput
      key="searchBy"
      source="searchBy"
      alwaysOn
      label={`${T}.searchBy`}
      emptyText={`${T}.fields.email`}
      choices={[{ id: 'name', name: `${T}.fields.name` }]}
    />,
    <SelectInput
      key="group"
      source="group"
      alwaysOn
      label={`${T}.group`}
      emptyText={`${T}.allGroups`}
      choices={(groups.data ?? []).map((g) => ({ id: g.name, name: g.name }))}
    />,
    <SelectInput
      key="enabled"
      source="enabled"
      label={`${T}.fields.enabled`}
      emptyText={`${T}.anyState`}
      choices={[
        { id: 'true', name: `${T}.badges.enabled` },
        { id: 'false', name: `${T}.badges.disabled` },
      ]}
    />,
  ]
  const exportCsv = async (filter: Record<string, unknown>) => {
    const rows = (await dataProvider.getAll('admin/users', filter)) as Row[]
    return toCsv(
      ['username', 'email', 'name', 'status', 'enabled', 'email_verified', 'created_at'],
      rows.map((u) => [u.username, u.email, u.name, u.status, u.enabled, u.emailVerified, u.createdAt]),
    )
  }
  const actions = (
    <TopToolbar sx={{ minHeight: 'auto', pt: 0 }}>
      <ExportCsvButton build={exportCsv} filename="users.csv" />
    </TopToolbar>
  )
  return (
    <AdminPage
      title={translate(`${T}.title`)}
      crumbs={[{ label: translate(`${T}.crumb`) }]}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={Link} to="/admin/users/import" variant="outlined" startIcon={<UploadFileOutlined />}>
            {translate(`${T}.import.open`)}
          </Button>
          <Button component={Link} to="/admin/users/create" variant="contained" startIcon={<PersonAddOutlined />}>
            {translate(`${T}.create.open`)}
          </Button>
        </Stack>
      }
    >
      <List
        resource="admin/users"
        title={false}
        perPage={20}
        filters={filters}
        actions={actions}
        pagination={<TokenPagination />}
        empty={<EmptyList message={translate(`${T}.empty`)} />}
      >
        <Scroll>
          <Datagrid rowClick={(_id, _r, row) => updatePath(row as Row)} bulkActionButtons={false} empty={<EmptyList message={translate(`${T}.noMatch`)} />}>
            <FunctionField<Row>
              label={`${T}.fields.email`}
              sortable={false}
              render={(u) => (
                <MuiLink component={Link} to={updatePath(u)} onClick={(e) => e.stopPropagation()}>
                  {u.email}
                </MuiLink>
              )}
            />
            <FunctionField<Row> label={`${T}.fields.name`} sortable={false} render={(u) => u.name} />
            <FunctionField<Row> label={`${T}.fields.state`} sortable={false} render={(u) => <UserBadges user={u} />} />
            <FunctionField<Row> label={`${T}.fields.created`} sortable={false} render={(u) => formatDateTime(u.createdAt)} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}
