import { Typography } from '@mui/material'
import { Create, Edit, SimpleForm, useNotify, useRecordContext, useTranslate } from 'react-admin'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { failureText } from '../common/ConfirmAction'
import type { CatalogueConfig } from './types'

/** A new catalogue item; once saved its edit screen opens. */
export function CatalogueCreate({ config }: { config: CatalogueConfig }) {
  const translate = useTranslate()
  const notify = useNotify()
  const C = `aula.admin.catalogues.${config.name}`
  const { Inputs } = config
  return (
    <AdminPage title={translate(`${C}.create`)} crumbs={[{ label: translate(`${C}.title`), to: `/admin/${config.name}` }, { label: translate(`${C}.create`) }]}>
      <Create
        resource={`admin/${config.name}`}
        title={false}
        actions={false}
        redirect="edit"
        mutationOptions={{
          onSuccess: () => notify('aula.admin.catalogues.created', { type: 'success' }),
          onError: (error) => notify(failureText(error, translate('aula.admin.common.failed')), { type: 'error' }),
        }}
      >
        <SimpleForm>
          <Inputs mode="create" />
        </SimpleForm>
      </Create>
    </AdminPage>
  )
}

/**
 * Edits a catalogue item from the revision it was read at. Saving waits for the server: a stale
 * revision (someone saved in between) answers 409, its message shows and the form keeps the edits.
 */
export function CatalogueEdit({ config }: { config: CatalogueConfig }) {
  const translate = useTranslate()
  const notify = useNotify()
  const C = `aula.admin.catalogues.${config.name}`
  const { Inputs, Links, EditActions } = config
  return (
    <Edit
      resource={`admin/${config.name}`}
      title={false}
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => notify('aula.admin.catalogues.saved', { type: 'success' }),
        onError: (error) => notify(failureText(error, translate('aula.admin.common.failed')), { type: 'error', autoHideDuration: 10000 }),
      }}
      component="div"
    >
      <EditHead title={translate(`${C}.edit`)} listLabel={translate(`${C}.title`)} listPath={`/admin/${config.name}`} actions={EditActions && <EditActions />}>
        <SimpleForm>
          <Inputs mode="edit" />
          <RevisionLine />
        </SimpleForm>
        {Links && <Links />}
      </EditHead>
    </Edit>
  )
}

function EditHead({
  title,
  listLabel,
  listPath,
  actions,
  children,
}: {
  title: string
  listLabel: string
  listPath: string
  actions?: React.ReactNode
  children: React.ReactNode
}) {
  const record = useRecordContext<{ name?: string }>()
  return (
    <AdminPage
      title={record?.name ? `${title}: ${record.name}` : title}
      crumbs={[{ label: listLabel, to: listPath }, { label: record?.name ?? title }]}
      actions={actions}
    >
      {children}
    </AdminPage>
  )
}

function RevisionLine() {
  const translate = useTranslate()
  const record = useRecordContext<{ revision?: number; updatedAt?: string }>()
  if (!record?.revision) return null
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('aula.admin.catalogues.revision', { revision: record.revision, date: record.updatedAt ? formatDateTime(record.updatedAt) : '' })}
    </Typography>
  )
}
