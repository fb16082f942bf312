import { Box, Typography } from '@mui/material'
import { Datagrid, DateInput, FunctionField, List, SelectInput, TextInput, TopToolbar, useDataProvider, useTranslate } from 'react-admin'
import { AUDIT_ACTIONS, type AuditEntry } from '../../../contracts/admin/audit'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { EmptyList } from '../common/EmptyList'
import { ExportCsvButton } from '../common/ExportCsvButton'
import { Scroll } from '../../ui/Scroll'
import { TokenPagination } from '../common/TokenPagination'

type Row = AuditEntry & { id: string }
const T = 'aula.admin.audit'

/** `/admin/audit`: every admin write (who, what, when, before and after), filtered by actor, action and date. */
export function AuditList() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const filters = [
    <TextInput key="actor" source="actor" label={`${T}.actor`} helperText={`${T}.actorHelp`} alwaysOn />,
    <SelectInput
      key="action"
      source="action"
      label={`${T}.action`}
      alwaysOn
      emptyText={`${T}.anyAction`}
      choices={AUDIT_ACTIONS.map((a) => ({ id: a, name: `${T}.actions.${a}` }))}
    />,
    <DateInput key="from" source="from" label={`${T}.from`} alwaysOn />,
    <DateInput key="to" source="to" label={`${T}.to`} alwaysOn />,
  ]
  return (
    <AdminPage title={translate(`${T}.title`)} crumbs={[{ label: translate(`${T}.title`) }]}>
      <List
        resource="admin/audit"
        title={false}
        perPage={25}
        filters={filters}
        actions={
          <TopToolbar sx={{ minHeight: 'auto', pt: 0 }}>
            <ExportCsvButton build={(filter) => dataProvider.exportAuditCsv(filter)} filename="audit-log.csv" />
          </TopToolbar>
        }
        pagination={<TokenPagination />}
        empty={<EmptyList message={translate(`${T}.empty`)} />}
      >
        <Scroll>
          <Datagrid bulkActionButtons={false} rowClick="expand" expand={<Changes />} empty={<EmptyList message={translate(`${T}.noMatch`)} />}>
            <FunctionField<Row> label={`${T}.at`} sortable={false} render={(e) => formatDateTime(e.at)} />
            <FunctionField<Row> label={`${T}.actor`} sortable={false} render={(e) => e.actor.email || e.actor.username} />
            <FunctionField<Row> label={`${T}.action`} sortable={false} render={(e) => translate(`${T}.actions.${e.action}`)} />
            <FunctionField<Row> label={`${T}.target`} sortable={false} render={(e) => `${e.targetType} · ${e.targetId}`} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}

/** The values before and after the write, side by side. */
function Changes() {
  return <FunctionField<Row> render={(e) => <BeforeAfter entry={e} />} />
}

function BeforeAfter({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate()
  const block = (label: string, value: unknown) => (
    <Box sx={{ flex: 1, minWidth: 240 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value == null ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  )
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', py: 1 }}>
      {block(translate(`${T}.before`), entry.before)}
      {block(translate(`${T}.after`), entry.after)}
    </Box>
  )
}
