import type { Access } from '../policy.js'

/** The course content routes: sections, blocks, forms, history, review, validation and publishing. Spread into `routePolicy`. */
export const contentPolicy = {} as const satisfies Record<string, Access>
