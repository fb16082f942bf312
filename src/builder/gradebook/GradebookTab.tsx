import { Alert, Divider } from '@mui/material'
import { useTranslate } from 'react-admin'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'
import { GradesTable } from './GradesTable'
import { WeightsPanel } from './WeightsPanel'

/**
 * The gradebook tab: the weights of the draft's graded items (forms and assignments) at the top, saved
 * through the builder's saver like every edit; below, for course staff, the learners' grades in the
 * published course with filters and the CSV download.
 */
export function GradebookTab() {
  const translate = useTranslate()
  const { course } = useBuilderCourse()
  // Reviewers read and publish courses but are not their staff: the learners' grades are not theirs to see.
  const canGrade = course.role !== 'reviewer'
  return (
    <>
      <TabIntro title="aula.builder.gradebook.title" intro="aula.builder.gradebook.intro" />
      <WeightsPanel />
      <Divider sx={{ my: 3 }} />
      {canGrade ? (
        <GradesTable />
      ) : (
        <Alert severity="info" role="status">
          {translate('aula.builder.gradebook.staffOnly')}
        </Alert>
      )}
    </>
  )
}
