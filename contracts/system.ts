import Type, { type Static } from 'typebox'

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Enum(['pglite', 'postgres']),
})
export type HealthResponse = Static<typeof HealthResponse>

export const VersionResponse = Type.Object({
  name: Type.String(),
  version: Type.String(),
  build: Type.Integer(),
  /** The build number as the footer shows it, padded to 4 digits. */
  buildLabel: Type.String({ pattern: '^\\d{4}$' }),
  node: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
})
export type VersionResponse = Static<typeof VersionResponse>
