import { regex, required, TextInput, maxLength } from 'react-admin'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'statuses',
  columns: [{ key: 'code', label: 'aula.admin.catalogues.fields.code', render: (r) => String(r.code) }],
  Inputs: () => (
    <>
      <NameInput />
      <TextInput
        source="code"
        label="aula.admin.catalogues.fields.code"
        helperText="aula.admin.catalogues.fields.statusCodeHelp"
        parse={(v: string) => v.toUpperCase()}
        validate={[required(), maxLength(40), regex(/^[A-Z][A-Z0-9_]*$/, 'aula.admin.catalogues.fields.statusCodeInvalid')]}
      />
      <DescriptionInput />
    </>
  ),
}
