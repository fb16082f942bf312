import type { App } from '../../../../types.js'

/** Course administration (spec §7 "Courses (admin)"). */
export default async function adminCourseRoutes(_app: App) {}
