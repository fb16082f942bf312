import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'tags',
  Inputs: () => (
    <>
      <NameInput />
      <DescriptionInput />
    </>
  ),
}
