import { maxLength, required, TextInput, type Validator } from 'react-admin'

/** The name and description every catalogue item has. */
export function NameInput({ validate = [] }: { validate?: Validator[] }) {
  return <TextInput source="name" label="aula.admin.common.name" validate={[required(), maxLength(120), ...validate]} fullWidth />
}

export function DescriptionInput() {
  return <TextInput source="description" label="aula.admin.common.description" validate={maxLength(2000)} multiline minRows={3} fullWidth />
}
