import { ContentEditor } from '../content'
import { useBuilderCourse } from '../common/CourseContext'

/** The content tab: the sections and blocks editor, writing through the course's saver. */
export function ContentTab() {
  const { course, saver } = useBuilderCourse()
  return <ContentEditor course={course} saver={saver} />
}
