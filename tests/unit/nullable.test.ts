import Type from 'typebox'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { catalogueSchemas } from '../../contracts/admin/catalogues.js'
import { CourseDraft, UpdateGeneralBody } from '../../contracts/courses/creator.js'
import { Nullable } from '../../contracts/nullable.js'

/** A value-or-null schema is standard JSON Schema: TypeBox's Value checks it as the server's validator does. */
describe('Nullable', () => {
  it('accepts null and values of the type, and checks the type’s own keywords', () => {
    const price = Nullable(Type.Number({ minimum: 0 }))
    expect([null, 0, 12.5].map((v) => Value.Check(price, v))).toEqual([true, true, true])
    expect([-1, '3', undefined, false].map((v) => Value.Check(price, v))).toEqual([false, false, false, false])

    const code = Nullable(Type.String({ minLength: 1, maxLength: 3 }))
    expect([null, 'abc'].map((v) => Value.Check(code, v))).toEqual([true, true])
    expect(['', 'abcd', 0].map((v) => Value.Check(code, v))).toEqual([false, false, false])

    const ref = Nullable(Type.Object({ id: Type.String() }))
    expect([null, { id: 'a' }].map((v) => Value.Check(ref, v))).toEqual([true, true])
    expect(Value.Check(ref, { id: 1 })).toBe(false)
  })

  it('is one schema listing both types for a scalar (a union would be coerced branch by branch)', () => {
    expect(Nullable(Type.Integer({ minimum: 1 }))).toEqual({ type: ['integer', 'null'], minimum: 1 })
    expect(Nullable(Type.Object({}))).toHaveProperty('anyOf')
  })

  it('lets Value check the request and answer contracts built with it', () => {
    const update = catalogueSchemas.collaborators.Update
    expect(Value.Check(update, { name: 'Ana', description: '', email: null, role: null, revision: 1 })).toBe(true)
    expect(Value.Check(update, { name: 'Ana', description: '', email: null, role: 7, revision: 1 })).toBe(false)

    const general = { uuid: '3f1c2b7a-9d1e-4c5b-8a6f-0e2d4c6b8a1f', revision: 1 }
    expect(Value.Check(UpdateGeneralBody, { ...general, durationHours: null, organizationId: null })).toBe(true)
    expect(Value.Check(UpdateGeneralBody, { ...general, durationHours: 0 })).toBe(false)
    expect(Value.Check(UpdateGeneralBody, { ...general, durationHours: 'ten' })).toBe(false)
    expect(Value.Check(CourseDraft.properties.durationHours, null)).toBe(true)
  })
})
