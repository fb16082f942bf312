import Type, { type Static } from 'typebox'
import { ErrorBody } from '../errors.js'

/**
 * Pieces every course builder contract shares (creator, content, admin courses): the course's
 * revision, its uuid in bodies and paths, and the error answers of the per-course access rules
 * (docs/decisions/0007-course-roles-and-revisions.md).
 */

/** The requirements' builder message (§6, §8) when the course is unknown or the caller has no role in it. */
export const NOT_AUTHORIZED_MESSAGE = 'Not authorized!'
/** A role that may see the course but not do this with it (requirements §6). */
export const CANNOT_MANAGE_MESSAGE = "You can't manage this section of the course"
/** A write that started from an older revision than the course's current one. */
export const STALE_REVISION_MESSAGE = 'This course was changed elsewhere'
/** Inviting the owner as a collaborator (requirements §6). */
export const ALREADY_OWNER_MESSAGE = "You're already owner of the course"

export const COURSE_ERROR_CODES = {
  notAuthorized: 'NOT_AUTHORIZED',
  cannotManage: 'CANNOT_MANAGE',
  staleRevision: 'STALE_REVISION',
} as const

/** The course's revision as a write read it; every write carries one and answers with the new one. */
export const CourseRevision = Type.Integer({
  minimum: 1,
  maximum: 2147483647,
  description: "The course's revision the edit started from; a stale one answers 409.",
})

export const CourseUuid = Type.String({ format: 'uuid', description: 'The course uuid.' })

/** `:id` path parameter naming a course. */
export const CourseIdParams = Type.Object({ id: CourseUuid })
export type CourseIdParams = Static<typeof CourseIdParams>

/** The body fields of every course write. */
export const CourseWrite = {
  uuid: CourseUuid,
  revision: CourseRevision,
} as const

/** A write that answers only the course's new revision. */
export const RevisionResponse = Type.Object({ revision: CourseRevision })
export type RevisionResponse = Static<typeof RevisionResponse>

/** 404: unknown course, deleted course, or no role in it (no existence leak). */
export const NotAuthorizedBody = Type.Object({ message: Type.Literal(NOT_AUTHORIZED_MESSAGE), code: Type.Literal('NOT_AUTHORIZED') })
/** 403: a role without the capability the route needs. */
export const CannotManageBody = Type.Object({ message: Type.Literal(CANNOT_MANAGE_MESSAGE), code: Type.Literal('CANNOT_MANAGE') })
/** 409 on a stale revision: the current revision comes along so the client can reload. */
export const StaleRevisionBody = Type.Object({ message: Type.Literal(STALE_REVISION_MESSAGE), code: Type.Literal('STALE_REVISION'), revision: CourseRevision })
export type StaleRevisionBody = Static<typeof StaleRevisionBody>

/**
 * Any 409 of a course route: the stale-revision body (with `revision`) or another conflict
 * (e.g. "You're already owner of the course") in the common error shape.
 */
export const CourseConflictBody = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  revision: Type.Optional(CourseRevision),
})

/**
 * The error answers of a course route for its OpenAPI document and serializer. Use it instead of
 * `errorResponses` so a 409 keeps its `revision` field.
 */
export const courseErrorResponses = (...codes: Array<400 | 401 | 403 | 404 | 409 | 413 | 429>) =>
  Object.fromEntries(codes.map((c) => [c, c === 409 ? CourseConflictBody : ErrorBody]))
