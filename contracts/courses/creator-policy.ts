import type { Access } from '../policy.js'

/** The course creator routes: courses, general data, media, lists, collaborators (issue: course authoring). Spread into `routePolicy`. */
export const creatorPolicy = {} as const satisfies Record<string, Access>
