import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { Route } from 'react-router-dom'
import type { ResourceProps } from 'react-admin'
import { adminScreen } from '../adminScreen'

const Show = adminScreen(() => import('./CourseShow').then((m) => m.CourseShow))
const Learner = adminScreen(() => import('./LearnerPage').then((m) => m.LearnerPage))

/**
 * Courses management (requirements §2 Management > Courses, §7 "Courses (admin)"): the list at
 * `/admin/courses`, one course at `/admin/courses/{uuid}`, and a learner of it at
 * `/admin/courses/{uuid}/learners/{username}`.
 */
export const courses = {
  name: 'admin/courses',
  list: adminScreen(() => import('./CourseList').then((m) => m.CourseList)),
  icon: SchoolOutlined,
  children: [<Route key="show" path=":id" element={<Show />} />, <Route key="learner" path=":id/learners/:user" element={<Learner />} />],
} satisfies ResourceProps
