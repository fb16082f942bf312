import type { App } from '../../../../types.js'

/** The course creator API (spec §7 "Course creator", under /api/v2/courses/creator) and its legacy aliases. */
export default async function creatorRoutes(_app: App) {}
