import { ReviewView } from '../content'
import { useBuilderCourse } from '../common/CourseContext'

/** The review route's panel: the whole course block by block (reviewers, owner, collaborators). */
export function ReviewPanel() {
  const { course } = useBuilderCourse()
  return <ReviewView course={course} />
}
