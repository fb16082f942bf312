import { regex } from 'react-admin'
import { CATEGORY_NAME_PATTERN } from '../../../contracts/admin/catalogues'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

/** Category names refuse '/' and special characters, with the reason (the server checks the same pattern). */
const nameRule = regex(CATEGORY_NAME_PATTERN, 'aula.admin.catalogues.categoryName')

export const config: CatalogueConfig = {
  name: 'categories',
  Inputs: () => (
    <>
      <NameInput validate={[nameRule]} />
      <DescriptionInput />
    </>
  ),
}
