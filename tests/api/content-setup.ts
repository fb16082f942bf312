import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { adminApp, type AdminApi } from './admin-helpers.js'
import { threeQuestionForm } from '../helpers/forms.js'

/**
 * Course content API tests: the real app with the test bearer tokens of admin-helpers
 * (`test:<user>:<groups>`), courses made straight in the database so these tests only depend on the
 * content routes and the shared access rules.
 */

export const as = (user: string, groups: string) => ({ authorization: `Bearer test:${user}:${groups}` })
export const OWNER = as('owner-ana', 'creator')
export const COLLABORATOR = as('collab-bo', 'creator')
export const REVIEWER = as('rev-cy', 'reviewer')
export const OTHER_CREATOR = as('other-di', 'creator')
export const LEARNER = as('learner-ed', 'general')
export const ADMIN_USER = as('admin-fe', 'admin')

export type Method = 'GET' | 'POST' | 'PUT'
export interface ContentApi extends AdminApi {
  as(headers: Record<string, string>, method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>
  /** A new course owned by owner-ana and shared with collab-bo. */
  course(name?: string): Promise<string>
  revision(uuid: string): Promise<number>
  /** Adds a section as the owner at the course's current revision; returns its id. */
  section(uuid: string, title: string): Promise<string>
  /** Adds a block as the owner; returns its id. */
  block(uuid: string, section: string, kind: string, values: Record<string, unknown>): Promise<string>
  /** The block ids of each section, in order, checking positions are dense 0..n-1 everywhere. */
  layout(uuid: string): Promise<Array<{ id: string; blocks: string[] }>>
}

export const V2 = '/api/v2/courses/creator'

export async function contentApp(env: Record<string, string> = {}): Promise<ContentApi> {
  const api = await adminApp(env)
  const call = (headers: Record<string, string>, method: Method, url: string, body?: unknown) =>
    api.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) })
  const revision = async (uuid: string) =>
    Number((await api.db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1', [uuid])).rows[0].revision)
  const add = async (uuid: string, body: Record<string, unknown>) => {
    const res = await call(OWNER, 'POST', `${V2}/blocks/add`, { uuid, revision: await revision(uuid), ...body })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().item.id as string
  }
  return {
    ...api,
    as: call,
    revision,
    async course(name = 'Content course') {
      const { rows } = await api.db.query<{ uuid: string }>('INSERT INTO courses (name, created_by) VALUES ($1, $2) RETURNING uuid', [name, 'owner-ana'])
      await api.db.query('INSERT INTO course_collaborators (course_uuid, user_sub, username, added_by) VALUES ($1, $2, $2, $3)', [
        rows[0].uuid,
        'collab-bo',
        'owner-ana',
      ])
      return rows[0].uuid
    },
    section: (uuid, title) => add(uuid, { item: 'section', values: { title } }),
    block: (uuid, section, kind, values) => add(uuid, { item: kind, section, values }),
    async layout(uuid) {
      const res = await call(OWNER, 'GET', `${V2}/builder/blocks/${uuid}`)
      expect(res.statusCode).toBe(200)
      const items = res.json().items as Array<{ id: string; position: number; blocks: Array<{ id: string; position: number; section: string }> }>
      expect(items.map((s) => s.position)).toEqual(items.map((_, i) => i))
      for (const s of items) {
        expect(s.blocks.map((b) => b.position)).toEqual(s.blocks.map((_, i) => i))
        for (const b of s.blocks) expect(b.section).toBe(s.id)
      }
      return items.map((s) => ({ id: s.id, blocks: s.blocks.map((b) => b.id) }))
    },
  }
}

/** Text values as the editor sends them. */
export const text = (html: string) => ({ html })

/** A form that passes the checklist. */
export const goodForm = threeQuestionForm
