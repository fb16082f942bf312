import Type, { type TNull, type TSchema, type TUnion } from 'typebox'

const SCALARS: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean'])

/**
 * A value or null, as standard JSON Schema that the server's validator (Ajv), TypeBox's `Value` and
 * the OpenAPI document (as `nullable`) all read.
 *
 * The server coerces request values to their schema's type, and a union coerces in the order of its
 * branches: number-then-null turns a null price into 0, null-then-number turns a price of 0 into null.
 * A scalar is therefore one schema whose `type` lists its type and `null` (`{ type: ['number', 'null'] }`,
 * which JSON Schema defines as that union): a value that already has one of the types is never
 * coerced, so null and every value of the type stay as they are. The scalar's own keywords (format,
 * bounds) apply to its type only. Other schemas (objects, arrays) are not coerced and stay a plain union.
 */
export function Nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  const type = (schema as { type?: unknown }).type
  if (!SCALARS.has(type)) return Type.Union([schema, Type.Null()])
  return { ...schema, type: [type, 'null'] } as unknown as TUnion<[T, TNull]>
}
