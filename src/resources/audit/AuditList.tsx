import { Box, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { Children, isValidElement, type ReactNode } from 'react'
import { Datagrid, DateInput, FunctionField, List, SelectInput, TextInput, TopToolbar, useDataProvider, useTranslate } from 'react-admin'
import { AUDIT_ACTIONS, type AuditEntry } from '../../../contracts/admin/audit'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { EmptyList } from '../common/EmptyList'
import { ExportCsvButton } from '../common/ExportCsvButton'
import { Scroll } from '../../ui/Scroll'
import { TokenPagination } from '../common/TokenPagination'
import { visuallyHidden } from '../../ui/visuallyHidden'

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
          <Datagrid
            bulkActionButtons={false}
            rowClick="expand"
            expand={<Changes />}
            header={AuditHeader}
            empty={<EmptyList message={translate(`${T}.noMatch`)} />}
          >
            <FunctionField<Row> label={`${T}.at`} sortable={false} render={(e) => formatDateTime(e.at)} />
            <FunctionField<Row> label={`${T}.actor`} sortable={false} render={(e) => e.actor.email || e.actor.username} />
            <FunctionField<Row> label={`${T}.action`} sortable={false} render={(e) => translate(`${T}.actions.${e.action}`)} />
            <FunctionField<Row> label={`${T}.target`} sortable={false} render={(e) => <Target entry={e} />} />
          </Datagrid>
        </Scroll>
      </List>
    </AdminPage>
  )
}

/**
 * The object by the name the server read for it (a user's e-mail, a course's name …), its kind and id
 * on hover; the id itself when the object is gone.
 */
function Target({ entry }: { entry: AuditEntry }) {
  const id = `${entry.targetType} · ${entry.targetId}`
  return <span title={id}>{entry.targetName ?? id}</span>
}

/**
 * The header row: react-admin's leaves the unfolding column's header without text (axe
 * `empty-table-header`); here it is named, for screen readers, after what it unfolds.
 */
function AuditHeader({ children }: { children?: ReactNode }) {
  const translate = useTranslate()
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="none">
          <Box component="span" sx={visuallyHidden}>
            {translate(`${T}.changes`)}
          </Box>
        </TableCell>
        {Children.map(children, (field) =>
          isValidElement<{ label?: string }>(field) ? <TableCell>{field.props.label ? translate(field.props.label) : null}</TableCell> : null,
        )}
      </TableRow>
    </TableHead>
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
