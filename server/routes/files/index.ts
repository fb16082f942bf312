import type { App } from '../../types.js'

/** Direct uploads to, and downloads from, the embedded file storage. */
export default async function fileRoutes(_app: App) {}
