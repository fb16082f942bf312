import { DescriptionInput, NameInput } from '../catalogues/inputs'
import { LinkedRecords } from '../catalogues/LinkedRecords'
import type { CatalogueConfig } from '../catalogues/types'

export const config: CatalogueConfig = {
  name: 'careers',
  columns: [
    { key: 'cycles', label: 'aula.admin.catalogues.careers.cycles', render: (r) => String((r.schoolCycles as unknown[] | undefined)?.length ?? 0) },
    { key: 'subjects', label: 'aula.admin.catalogues.careers.subjects', render: (r) => String((r.schoolSubjects as unknown[] | undefined)?.length ?? 0) },
  ],
  Inputs: () => (
    <>
      <NameInput />
      <DescriptionInput />
    </>
  ),
  Links: () => (
    <>
      <LinkedRecords
        title="aula.admin.catalogues.careers.cycles"
        field="schoolCycles"
        link="careerCycle"
        keys={['career', 'cycle']}
        pickFrom="admin/school-cycles"
      />
      <LinkedRecords
        title="aula.admin.catalogues.careers.subjects"
        field="schoolSubjects"
        link="careerSubject"
        keys={['career', 'subject']}
        pickFrom="admin/school-subjects"
      />
    </>
  ),
}
