import type { Access } from '../policy.js'

/** The admin course routes (spec §7 "Courses (admin)"). Spread into `routePolicy`. */
export const adminCoursePolicy = {} as const satisfies Record<string, Access>
