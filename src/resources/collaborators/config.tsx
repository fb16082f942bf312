import { email, maxLength, TextInput } from 'react-admin'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'collaborators',
  columns: [
    { key: 'email', label: 'aula.admin.catalogues.fields.email', render: (r) => (r.email as string | null) ?? '—' },
    { key: 'role', label: 'aula.admin.catalogues.fields.role', render: (r) => (r.role as string | null) ?? '—' },
  ],
  Inputs: () => (
    <>
      <NameInput />
      <TextInput source="email" type="email" label="aula.admin.catalogues.fields.email" validate={[email(), maxLength(254)]} fullWidth />
      <TextInput
        source="role"
        label="aula.admin.catalogues.fields.role"
        validate={maxLength(120)}
        helperText="aula.admin.catalogues.fields.roleHelp"
        fullWidth
      />
      <DescriptionInput />
    </>
  ),
}
