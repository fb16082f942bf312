import Type, { type Static } from 'typebox'

/** Every error answer of the API: a message, an optional machine code, and field errors on 400. */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
)
export type ErrorBody = Static<typeof ErrorBody>

/** The error answers a route may give, for the OpenAPI document. */
export const errorResponses = (...codes: Array<400 | 401 | 403 | 404 | 409 | 413 | 429>) =>
  Object.fromEntries(codes.map((c) => [c, ErrorBody]))
