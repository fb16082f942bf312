import { ALREADY_OWNER_MESSAGE, CourseIdParams, courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  CollaboratorList,
  CollaboratorsResponse,
  CollaboratorsUpdateBody,
  CreatorsQuery,
  InvitableList,
  NOT_A_CREATOR_MESSAGE,
  ShareBody,
  USER_NOT_FOUND_MESSAGE,
  type CollaboratorRole,
  type Invitable,
} from '../../../../../contracts/courses/creator.js'
import { replaceCollaborators } from '../../../../courses/model/lists.js'
import { addCollaborator, findCourse, listCollaborators, removeCollaborator, type CollaboratorRow } from '../../../../courses/model/queries.js'
import { notAuthorized } from '../../../../courses/revisions.js'
import type { Queryable } from '../../../../db/index.js'
import type { PoolUser } from '../../../../identity/admin-client.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { App } from '../../../../types.js'
import { actorOf } from '../../../../http/actor.js'
import { identity } from '../../../../http/identity-errors.js'
import { courseWrite, requireCourse } from './access.js'
import { fold } from './rules.js'
import { toCollaborator } from './views.js'

/** Sharing a course: its collaborators, and the creators and reviewers it can be shared with (owner and admins). */
export async function collaboratorRoutes(app: App, { base, tags, legacy }: { base: string; tags: string[]; legacy: boolean }) {
  const pool = app.identityUsers

  /**
   * A user the course can be shared with: found by username or e-mail, enabled, and a creator or
   * reviewer (the builder's people); the owner is refused with the requirements' message.
   */
  async function invitee(username: string, owner: string | null): Promise<{ sub: string; username: string; name: string }> {
    const user = await identity(() => pool.getUser(username.trim()))
    if (!user || !user.enabled) throw new HttpError(404, USER_NOT_FOUND_MESSAGE, 'NOT_FOUND', { username: USER_NOT_FOUND_MESSAGE })
    const sub = user.attributes.sub || user.username
    if (owner !== null && sub === owner) throw new HttpError(409, ALREADY_OWNER_MESSAGE, 'ALREADY_OWNER', { username: ALREADY_OWNER_MESSAGE })
    const groups = await identity(() => pool.groupsOf(user.username))
    if (!groups.includes('creator') && !groups.includes('reviewer'))
      throw new HttpError(400, NOT_A_CREATOR_MESSAGE, 'NOT_A_CREATOR', { username: NOT_A_CREATOR_MESSAGE })
    return { sub, username: user.username, name: user.name }
  }

  /** The collaborator row a username (or e-mail) names, if the course has one. */
  async function collaboratorNamed(db: Queryable, uuid: string, username: string): Promise<CollaboratorRow | null> {
    const rows = await listCollaborators(db, uuid)
    const wanted = username.trim().toLowerCase()
    const direct = rows.find((r) => r.username.toLowerCase() === wanted)
    if (direct) return direct
    const user = await identity(() => pool.getUser(username.trim()))
    if (!user) return null
    const sub = user.attributes.sub || user.username
    return rows.find((r) => r.user_sub === sub) ?? null
  }

  /** Creators and reviewers not yet on the course, matching `search` in name, e-mail or username. */
  async function invitable(uuid: string, owner: string | null, search: string): Promise<Invitable[]> {
    const taken = new Set((await listCollaborators(app.db, uuid)).map((c) => c.user_sub))
    if (owner) taken.add(owner)
    const q = fold(search.trim())
    const found = new Map<string, PoolUser>()
    for (const group of ['creator', 'reviewer']) {
      let token: string | undefined
      // Builder groups are small; a few pages of the identity service cover them.
      for (let pages = 0; pages < 10; pages++) {
        const page = await identity(() => pool.listUsers({ group, limit: 60, token }))
        for (const u of page.users) {
          const sub = u.attributes.sub || u.username
          if (!u.enabled || taken.has(sub) || found.has(u.username)) continue
          if (q && ![u.name, u.email, u.username].some((v) => fold(v).includes(q))) continue
          found.set(u.username, u)
        }
        if (!page.token) break
        token = page.token
      }
    }
    return [...found.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email))
      .slice(0, 25)
      .map((u) => ({ username: u.username, name: u.name, email: u.email }))
  }

  if (!legacy) {
    app.post(
      `${base}/builder/collaborators-update`,
      {
        schema: {
          tags,
          summary: 'Replaces the people the course is shared with (owner and admins)',
          body: CollaboratorsUpdateBody,
          response: { 200: CollaboratorsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { uuid, revision, items } = request.body
        const principal = actorOf(request)
        await requireCourse(app.db, principal, uuid, 'manage')
        const course = await findCourse(app.db, uuid)
        if (!course) throw notAuthorized()
        const current = await listCollaborators(app.db, uuid)
        const wanted = new Map<string, { sub: string; username: string; name: string; role: CollaboratorRole }>()
        for (const { username, role } of items) {
          const known = current.find((c) => c.username.toLowerCase() === username.trim().toLowerCase())
          const who = known ? { sub: known.user_sub, username: known.username, name: known.name } : await invitee(username, course.created_by)
          wanted.set(who.sub, { ...who, role: role ?? known?.role ?? 'collaborator' })
        }
        return courseWrite(app.db, principal, uuid, 'manage', revision, async (tx, next) => {
          await replaceCollaborators(tx, uuid, wanted, principal.sub)
          return { revision: next, items: (await listCollaborators(tx, uuid)).map(toCollaborator) }
        })
      },
    )
  }

  app.put(
    `${base}/builder/share/add/collaborators/:id`,
    {
      schema: {
        tags,
        summary:
          'Shares the course with a creator or reviewer by username or e-mail, as a collaborator or a grader (owner and admins); sharing again changes the role; the owner: 409 "You\'re already owner of the course"',
        params: CourseIdParams,
        body: ShareBody,
        response: { 200: CollaboratorsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const uuid = request.params.id
      const { username, revision, role } = request.body
      const principal = actorOf(request)
      await requireCourse(app.db, principal, uuid, 'manage')
      const course = await findCourse(app.db, uuid)
      if (!course) throw notAuthorized()
      const who = await invitee(username, course.created_by)
      return courseWrite(app.db, principal, uuid, 'manage', revision, async (tx, next) => {
        await addCollaborator(tx, uuid, { ...who, role: role ?? 'collaborator' }, principal.sub)
        return { revision: next, items: (await listCollaborators(tx, uuid)).map(toCollaborator) }
      })
    },
  )

  app.put(
    `${base}/builder/share/remove/collaborators/:id`,
    {
      schema: {
        tags,
        summary: 'Stops sharing the course with a collaborator (owner and admins); removing someone who is not one changes nothing',
        params: CourseIdParams,
        body: ShareBody,
        response: { 200: CollaboratorsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const uuid = request.params.id
      const { username, revision } = request.body
      const principal = actorOf(request)
      await requireCourse(app.db, principal, uuid, 'manage')
      const row = await collaboratorNamed(app.db, uuid, username)
      return courseWrite(app.db, principal, uuid, 'manage', revision, async (tx, next) => {
        if (row) await removeCollaborator(tx, uuid, row.user_sub)
        return { revision: next, items: (await listCollaborators(tx, uuid)).map(toCollaborator) }
      })
    },
  )

  app.get(
    `${base}/share/collaborators/:id`,
    {
      schema: {
        tags,
        summary: 'The people the course is shared with',
        params: CourseIdParams,
        response: { 200: CollaboratorList, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireCourse(app.db, actorOf(request), request.params.id, 'read')
      return { items: (await listCollaborators(app.db, request.params.id)).map(toCollaborator) }
    },
  )

  app.get(
    `${base}/share/creators/:id`,
    {
      schema: {
        tags,
        summary: 'Creators and reviewers the course can be shared with (owner and admins), optionally matching ?search= in name, e-mail or username',
        params: CourseIdParams,
        querystring: CreatorsQuery,
        response: { 200: InvitableList, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireCourse(app.db, actorOf(request), request.params.id, 'manage')
      const course = await findCourse(app.db, request.params.id)
      if (!course) throw notAuthorized()
      return { items: await invitable(request.params.id, course.created_by, request.query.search ?? '') }
    },
  )
}
