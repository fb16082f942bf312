import type { App } from '../../../../../types.js'

/** Course content: sections, blocks, forms, block history, review, validation and publishing. */
export default async function contentRoutes(_app: App) {}
