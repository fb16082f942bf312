import type { App } from '../../types.js'
import adminCourseRoutes from './courses.js'
import adminCourseLearnerRoutes from './learners.js'

/** Course administration (requirements §7 "Courses (admin)"): the course list and details, and a course's learners. */
export default async function adminCoursesFeature(app: App) {
  await app.register(adminCourseRoutes, { prefix: '/v2/admin/courses' })
  await app.register(adminCourseLearnerRoutes, { prefix: '/admin/courses' })
}
