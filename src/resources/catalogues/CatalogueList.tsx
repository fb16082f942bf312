import AddOutlined from '@mui/icons-material/AddOutlined'
import { Button } from '@mui/material'
import { Datagrid, FunctionField, List, Pagination, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { SearchField } from '../common/SearchField'
import { EmptyList } from '../common/EmptyList'
import { Scroll } from '../../ui/Scroll'
import type { CatalogueConfig } from './types'

type Row = Record<string, unknown> & { id: string; name: string; description?: string; updatedAt: string }
const short = (text: string | undefined, n = 80) => (text && text.length > n ? `${text.slice(0, n - 1)}…` : (text ?? ''))

/** A catalogue's list (requirements §7 `all/{page}/{search}` and `count/...`): page by page, searched by name. */
export function CatalogueList({ config }: { config: CatalogueConfig }) {
  const translate = useTranslate()
  const C = `aula.admin.catalogues.${config.name}`
  const create = (
    <Button component={Link} to={`/admin/${config.name}/create`} variant="contained" startIcon={<AddOutlined />}>
      {translate(`${C}.create`)}
    </Button>
  )
  return (
    <AdminPage title={translate(`${C}.title`)} crumbs={[{ label: translate(`${C}.title`) }]} actions={create}>
      <List
        resource={`admin/${config.name}`}
        title={false}
        perPage={10}
        actions={false}
        exporter={false}
        filters={[<SearchField key="q" source="q" alwaysOn placeholder={translate('aula.admin.catalogues.search')} />]}
        pagination={<Pagination rowsPerPageOptions={[]} />}
        empty={<EmptyList message={translate(`${C}.empty`)} action={create} />}
      >
        <Scroll>
          <Datagrid rowClick="edit" bulkActionButtons={false} empty={<EmptyList message={translate('aula.admin.catalogues.noMatch')} />}>
            <FunctionField<Row> label="aula.admin.common.name" sortable={false} render={(r) => r.name} />
            {(config.columns ?? []).map((c) => (
              <FunctionField<Row> key={c.key} label={c.label} sortable={false} render={(r) => c.render(r)} />
            ))}
            <FunctionField<Row> label="aula.admin.common.description" sortable={false} render={(r) => short(r.description)} />
            <FunctionField<Row> label="aula.admin.common.updated" sortable={false} render={(r) => formatDateTime(r.updatedAt)} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}
