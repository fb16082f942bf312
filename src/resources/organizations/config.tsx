import { regex, required, TextInput } from 'react-admin'
import { CatalogueFileInput } from '../catalogues/FileInput'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'
import { OrganizationSeats } from './OrganizationSeats'

const DOMAIN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const config: CatalogueConfig = {
  name: 'organizations',
  columns: [{ key: 'domain', label: 'aula.admin.catalogues.fields.domain', render: (r) => String(r.domain) }],
  Inputs: () => (
    <>
      <NameInput />
      <TextInput
        source="domain"
        label="aula.admin.catalogues.fields.domain"
        helperText="aula.admin.catalogues.fields.domainHelp"
        parse={(v: string) => v.trim().toLowerCase()}
        validate={[required(), regex(DOMAIN, 'aula.admin.catalogues.fields.domainInvalid')]}
        fullWidth
      />
      <CatalogueFileInput source="logoPath" upload="organization-logo" preview="image" optional />
      <DescriptionInput />
    </>
  ),
  Links: OrganizationSeats,
}
