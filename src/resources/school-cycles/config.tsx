import { DateInput } from 'react-admin'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

/** The end of a cycle comes after its start. */
const afterStart = (value: unknown, all: Record<string, unknown>) =>
  value && all.startsOn && String(value) < String(all.startsOn) ? 'aula.admin.catalogues.fields.endsBeforeStart' : undefined

export const config: CatalogueConfig = {
  name: 'school-cycles',
  columns: [
    { key: 'startsOn', label: 'aula.admin.catalogues.fields.startsOn', render: (r) => (r.startsOn as string | null) ?? '—' },
    { key: 'endsOn', label: 'aula.admin.catalogues.fields.endsOn', render: (r) => (r.endsOn as string | null) ?? '—' },
  ],
  Inputs: () => (
    <>
      <NameInput />
      <DateInput source="startsOn" label="aula.admin.catalogues.fields.startsOn" />
      <DateInput source="endsOn" label="aula.admin.catalogues.fields.endsOn" validate={afterStart} />
      <DescriptionInput />
    </>
  ),
}
