import Type, { type Static } from 'typebox'

/** A calendar day `YYYY-MM-DD` (UTC); the handlers also refuse impossible dates such as 2026-02-30. */
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day, YYYY-MM-DD (UTC).' })

/** The longest range a metrics query may span (the date pickers allow the same). */
export const MAX_RANGE_DAYS = 3 * 366

export const ServerVersionResponse = Type.Object({
  name: Type.String(),
  version: Type.String(),
  build: Type.Integer(),
  /** The build number as the footer shows it, padded to 4 digits. */
  buildLabel: Type.String({ pattern: '^\\d{4}$' }),
  node: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  /** Seconds since this process started. */
  uptimeSeconds: Type.Integer({ minimum: 0 }),
  database: Type.Enum(['pglite', 'postgres']),
  storageDriver: Type.Enum(['local', 's3']),
})
export type ServerVersionResponse = Static<typeof ServerVersionResponse>

export const DocumentsResponse = Type.Object({
  measuredAt: Type.String({ format: 'date-time' }),
  /** Rows over every table. */
  total: Type.Integer({ minimum: 0 }),
  /** Each table of the database with its exact row count, by name. */
  tables: Type.Array(Type.Object({ table: Type.String(), rows: Type.Integer({ minimum: 0 }) })),
})
export type DocumentsResponse = Static<typeof DocumentsResponse>

export const BucketSizeResponse = Type.Object({
  measuredAt: Type.String({ format: 'date-time' }),
  driver: Type.Enum(['local', 's3']),
  /** The S3 bucket, or null for the embedded storage. */
  bucket: Type.Union([Type.String(), Type.Null()]),
  bytes: Type.Integer({ minimum: 0 }),
  objects: Type.Integer({ minimum: 0 }),
})
export type BucketSizeResponse = Static<typeof BucketSizeResponse>

export const CostQuery = Type.Object({
  from: IsoDate,
  to: IsoDate,
  granularity: Type.Optional(Type.Enum(['day', 'month'], { default: 'day' })),
})
export type CostQuery = Static<typeof CostQuery>

export const UnitPrices = Type.Object({
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  storageGbMonth: Type.Number(),
  requestsMillion: Type.Number(),
  emailsThousand: Type.Number(),
  computeCpuHour: Type.Number(),
})
export type UnitPrices = Static<typeof UnitPrices>

export const CostBreakdown = Type.Object({
  storage: Type.Number(),
  requests: Type.Number(),
  emails: Type.Number(),
  compute: Type.Number(),
  total: Type.Number(),
})
export type CostBreakdown = Static<typeof CostBreakdown>

/** Where the cost figures come from: the model over measured usage, or the provider's billing. */
export const CostSource = Type.Enum(['model', 'aws-cost-explorer'])
export type CostSource = Static<typeof CostSource>

export const CostPeriod = Type.Object({
  /** First day of the period (the day itself, or the first of the month). */
  period: IsoDate,
  requests: Type.Integer({ minimum: 0 }),
  emails: Type.Integer({ minimum: 0 }),
  cpuSeconds: Type.Number({ minimum: 0 }),
  /** Stored bytes (the day's last measurement carried forward; a month's average). */
  storageBytes: Type.Integer({ minimum: 0 }),
  cost: CostBreakdown,
  /** What the provider billed for the period, when its billing API answered; else null. */
  billed: Type.Union([Type.Number(), Type.Null()]),
})
export type CostPeriod = Static<typeof CostPeriod>

export const CostAndUsageResponse = Type.Object({
  from: IsoDate,
  to: IsoDate,
  granularity: Type.Enum(['day', 'month']),
  currency: Type.String(),
  source: CostSource,
  /** True when the costs are the model's (no billing API configured, or it did not answer). */
  modelled: Type.Boolean(),
  /** One sentence saying where the figures come from (English, for API users; the screens say it in their language). */
  note: Type.String(),
  /** The billing API configured (COST_SOURCE), whether or not it answered. */
  billingApi: Type.Enum(['none', 'aws-cost-explorer']),
  unitPrices: UnitPrices,
  periods: Type.Array(CostPeriod),
  totals: Type.Object({
    requests: Type.Integer({ minimum: 0 }),
    emails: Type.Integer({ minimum: 0 }),
    cpuSeconds: Type.Number({ minimum: 0 }),
    cost: CostBreakdown,
    billed: Type.Union([Type.Number(), Type.Null()]),
  }),
})
export type CostAndUsageResponse = Static<typeof CostAndUsageResponse>

export const ForecastQuery = Type.Object({
  month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'The month to project, YYYY-MM (default: the current month).' })),
})

export const ForecastResponse = Type.Object({
  month: Type.String(),
  currency: Type.String(),
  source: CostSource,
  modelled: Type.Boolean(),
  note: Type.String(),
  billingApi: Type.Enum(['none', 'aws-cost-explorer']),
  method: Type.Literal('linear'),
  daysInMonth: Type.Integer(),
  /** Days of the month with measurements so far, today included (0 for a future month). */
  daysElapsed: Type.Integer({ minimum: 0 }),
  monthToDate: Type.Number(),
  /** Cost expected by the end of the month. */
  projected: Type.Number(),
  /** Usage expected by the end of the month, projected the same way. */
  projectedUsage: Type.Object({ requests: Type.Integer(), emails: Type.Integer(), cpuSeconds: Type.Number() }),
  /** Cumulative cost per day: measured up to today, projected after it. */
  days: Type.Array(Type.Object({ day: IsoDate, actual: Type.Union([Type.Number(), Type.Null()]), projected: Type.Union([Type.Number(), Type.Null()]) })),
})
export type ForecastResponse = Static<typeof ForecastResponse>

export const RealtimeQuery = Type.Object({
  minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 5, description: 'How far back to look, in minutes.' })),
})

export const RealtimeResponse = Type.Object({
  measuredAt: Type.String({ format: 'date-time' }),
  windowMinutes: Type.Integer(),
  /** Distinct users (signed-in accounts, or addresses for visitors) in the window. */
  users: Type.Integer({ minimum: 0 }),
  requests: Type.Integer({ minimum: 0 }),
  /** By country, most users first; `country` null for addresses no country is known for (local networks). */
  countries: Type.Array(
    Type.Object({
      country: Type.Union([Type.String({ pattern: '^[A-Z]{2}$' }), Type.Null()]),
      users: Type.Integer({ minimum: 0 }),
      requests: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type RealtimeResponse = Static<typeof RealtimeResponse>
