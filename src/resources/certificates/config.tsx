import { maxLength, regex, required, TextInput } from 'react-admin'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

/** A stored file's path: relative, no '..' (as the contract's pattern). */
const FILE_PATH = /^(?!\/)(?!.*\.\.)[\w./ -]+$/

export const config: CatalogueConfig = {
  name: 'certificates',
  columns: [{ key: 'templatePath', label: 'aula.admin.catalogues.fields.templatePath', render: (r) => String(r.templatePath) }],
  Inputs: () => (
    <>
      <NameInput />
      <TextInput
        source="templatePath"
        label="aula.admin.catalogues.fields.templatePath"
        helperText="aula.admin.catalogues.fields.filePathHelp"
        validate={[required(), maxLength(500), regex(FILE_PATH, 'aula.admin.catalogues.fields.filePathInvalid')]}
        fullWidth
      />
      <DescriptionInput />
    </>
  ),
}
