import { maxLength, TextInput } from 'react-admin'
import { DescriptionInput, NameInput } from '../catalogues/inputs'
import { LinkedRecords } from '../catalogues/LinkedRecords'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'school-subjects',
  columns: [
    { key: 'code', label: 'aula.admin.catalogues.fields.code', render: (r) => (r.code as string | null) ?? '—' },
    { key: 'courses', label: 'aula.admin.catalogues.school-subjects.courses', render: (r) => String((r.courses as unknown[] | undefined)?.length ?? 0) },
  ],
  Inputs: () => (
    <>
      <NameInput />
      <TextInput source="code" label="aula.admin.catalogues.fields.code" helperText="aula.admin.catalogues.fields.subjectCodeHelp" validate={maxLength(40)} />
      <DescriptionInput />
    </>
  ),
  // No admin course list exists yet to pick from: a course is linked by its id.
  Links: () => <LinkedRecords title="aula.admin.catalogues.school-subjects.courses" field="courses" link="subjectCourse" keys={['subject', 'course']} />,
}
