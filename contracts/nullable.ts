import Type, { type Static, type TSchema, type TUnsafe } from 'typebox'

const SCALARS: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean'])

/**
 * A value or null. The server coerces request values to their schema's type, and a union coerces in
 * the order of its branches: number-then-null turns a null price into 0, null-then-number turns a
 * price of 0 into null. A scalar is therefore written as one schema with `nullable` (Ajv and the
 * OpenAPI document read it), which leaves null and every value of the type as they are; other
 * schemas (objects, arrays) are not coerced and stay a plain union.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const type = (schema as { type?: unknown }).type
  return Type.Unsafe<Static<T> | null>(SCALARS.has(type) ? { ...schema, nullable: true } : Type.Union([schema, Type.Null()]))
}
