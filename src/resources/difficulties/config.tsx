import { maxValue, minValue, NumberInput, required } from 'react-admin'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'difficulties',
  columns: [{ key: 'level', label: 'aula.admin.catalogues.fields.level', render: (r) => String(r.level) }],
  Inputs: () => (
    <>
      <NameInput />
      <NumberInput
        source="level"
        label="aula.admin.catalogues.fields.level"
        helperText="aula.admin.catalogues.fields.levelHelp"
        validate={[required(), minValue(1), maxValue(100)]}
        step={1}
      />
      <DescriptionInput />
    </>
  ),
}
