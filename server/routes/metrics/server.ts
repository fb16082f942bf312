import { errorResponses } from '../../../contracts/errors.js'
import {
  BucketSizeResponse,
  CostAndUsageResponse,
  CostQuery,
  DocumentsResponse,
  ForecastQuery,
  ForecastResponse,
  ServerVersionResponse,
} from '../../../contracts/insights/monitoring.js'
import { AwsCostExplorer, type Billing } from '../../insights/billing.js'
import { costAndUsage, forecast, pricesFrom } from '../../insights/cost.js'
import { appInfo } from '../../info.js'
import type { App } from '../../types.js'
import { checkRange } from './range.js'
import { tableRowCounts } from './server-queries.js'

export interface ServerMetricsOptions {
  /** The provider's billing API; by default AWS Cost Explorer when COST_SOURCE is `aws`. */
  billing?: Billing | null
}

/** Server metrics (requirements §7 "Metrics"): version and uptime, rows per table, storage, cost and forecast. */
export default async function serverMetricsRoutes(app: App, options: ServerMetricsOptions = {}) {
  const prices = pricesFrom(app.config)
  const billing = options.billing !== undefined ? options.billing : app.config.COST_SOURCE === 'aws' ? new AwsCostExplorer() : null
  const tags = ['metrics']

  app.get(
    '/version',
    { schema: { tags, summary: 'Version, build and uptime of the running server', response: { 200: ServerVersionResponse, ...errorResponses(401, 403) } } },
    async () => {
      const build = app.config.BUILD_NUMBER
      return {
        name: appInfo.name,
        version: appInfo.version,
        build,
        buildLabel: String(build).padStart(4, '0'),
        node: process.version,
        startedAt: appInfo.startedAt,
        uptimeSeconds: Math.floor(process.uptime()),
        database: app.db.kind,
        storageDriver: app.config.STORAGE_DRIVER,
      }
    },
  )

  app.get(
    '/ddb-documents',
    { schema: { tags, summary: 'Rows in each table of the database', response: { 200: DocumentsResponse, ...errorResponses(401, 403) } } },
    async () => {
      const tables = await tableRowCounts(app.db)
      return { measuredAt: new Date().toISOString(), total: tables.reduce((s, t) => s + t.rows, 0), tables }
    },
  )

  app.get(
    '/s3-bucket-size',
    {
      schema: { tags, summary: 'Bytes and objects held by the file storage (local or S3)', response: { 200: BucketSizeResponse, ...errorResponses(401, 403) } },
    },
    async () => {
      const usage = await app.insights.meter.measureStorage()
      return {
        measuredAt: new Date().toISOString(),
        driver: app.config.STORAGE_DRIVER,
        bucket: app.config.STORAGE_DRIVER === 's3' ? (app.config.S3_BUCKET ?? null) : null,
        bytes: usage.bytes,
        objects: usage.objects,
      }
    },
  )

  app.get(
    '/cost-and-usage',
    {
      schema: {
        tags,
        summary: 'Measured usage and its cost per day or month (modelled, or billed when a billing API is configured)',
        querystring: CostQuery,
        response: { 200: CostAndUsageResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to, granularity = 'day' } = request.query
      checkRange(from, to)
      await app.insights.meter.flush()
      await app.insights.meter.measureStorageIfStale()
      return costAndUsage(app.db, prices, { billing }, { from, to, granularity }, Date.now())
    },
  )

  app.get(
    '/forecast',
    {
      schema: {
        tags,
        summary: "The month's cost so far and its linear projection to the month's end",
        querystring: ForecastQuery,
        response: { 200: ForecastResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await app.insights.meter.flush()
      await app.insights.meter.measureStorageIfStale()
      const month = request.query.month ?? new Date().toISOString().slice(0, 7)
      return forecast(app.db, prices, { billing }, month, Date.now())
    },
  )
}
