import { CatalogueFileInput, storedFileName } from '../catalogues/FileInput'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'certificates',
  columns: [{ key: 'templatePath', label: 'aula.admin.catalogues.fields.templatePath', render: (r) => storedFileName(r.templatePath) }],
  Inputs: () => (
    <>
      <NameInput />
      <CatalogueFileInput source="templatePath" upload="certificate-template" preview="file" />
      <DescriptionInput />
    </>
  ),
}
