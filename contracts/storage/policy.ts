import type { Access } from '../policy.js'

/** File upload and download routes of the embedded storage. Spread into `routePolicy`. */
export const storagePolicy = {} as const satisfies Record<string, Access>
