import { VersionResponse } from '../../../contracts/system.js'
import { errorResponses } from '../../../contracts/errors.js'
import { appInfo } from '../../info.js'
import type { App } from '../../types.js'

/** Server metrics (spec §7, "Metrics"). */
export default async function metricsRoutes(app: App) {
  app.get(
    '/v2/metrics/server/version',
    { schema: { tags: ['metrics'], summary: 'Version and build of the running server', response: { 200: VersionResponse, ...errorResponses(401, 403) } } },
    async () => {
      const build = app.config.BUILD_NUMBER
      return {
        name: appInfo.name,
        version: appInfo.version,
        build,
        buildLabel: String(build).padStart(4, '0'),
        node: process.version,
        startedAt: appInfo.startedAt,
      }
    },
  )
}
