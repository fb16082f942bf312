import Type, { type Static } from 'typebox'
import { DateTime } from './common.js'

/** `GET /api/v2/admin/support/migrations`: the database migrations applied (oldest first) and pending. */
export const MigrationsResponse = Type.Object({
  applied: Type.Array(Type.Object({ version: Type.Integer(), name: Type.String(), appliedAt: DateTime })),
  /** Migration files the server carries that the database has not applied yet (normally none: they apply at start). */
  pending: Type.Array(Type.Object({ version: Type.Integer(), name: Type.String() })),
})
export type MigrationsResponse = Static<typeof MigrationsResponse>
