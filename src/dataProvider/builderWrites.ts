import type { CollaboratorRole, FaqItem, GeneralData, MEDIA, PlanInput } from '../../contracts/courses/creator'

/**
 * The writes of the course builder, as its saver queues them (`{ key, method, url, body }`, the course's
 * revision added when sent through the `sendCourseWrite` verb). The key says which writes replace each
 * other while unsent.
 */
export const CREATOR_API = '/api/v2/courses/creator'

/** A write the course's saver queues: sent in order with the course's current revision added to `body`. */
export interface ContentWrite {
  key: string
  method: 'POST' | 'PUT'
  url: string
  body: Record<string, unknown>
}

/** A course's media by the draft's field that holds it. */
export type MediaKind = (typeof MEDIA)[keyof typeof MEDIA]['field']
export const MEDIA_KINDS = ['cover', 'thumbnail', 'presentation', 'template'] as const satisfies readonly MediaKind[]

/** The route of each medium (`builder/<route>`, and `builder/<route>-par` for its upload parameters). */
export const MEDIA_ROUTE: Record<MediaKind, keyof typeof MEDIA> = {
  cover: 'cover',
  thumbnail: 'thumbnail',
  presentation: 'presentation',
  template: 'certificate-template',
}

const segment = encodeURIComponent

/** The writes of the builder's own tabs. */
export const builderWrites = {
  /** A graded block's weight (the gradebook tab), from the course's revision like every other write. */
  weight: (uuid: string, block: string, weight: number) =>
    ({ key: `weight:${block}`, method: 'PUT', url: `/api/v2/courses/gradebook/${segment(uuid)}/weights`, body: { block, weight } }) as const,
  general: (uuid: string, fields: Partial<GeneralData>) =>
    ({ key: 'general', method: 'PUT', url: `${CREATOR_API}/builder/update-general`, body: { uuid, ...fields } }) as const,
  media: (uuid: string, kind: MediaKind, path: string | null) =>
    ({ key: `media:${kind}`, method: 'PUT', url: `${CREATOR_API}/builder/${MEDIA_ROUTE[kind]}`, body: { uuid, [kind]: path } }) as const,
  faq: (uuid: string, items: FaqItem[]) => ({ key: 'faq', method: 'POST', url: `${CREATOR_API}/builder/faq-update/`, body: { uuid, items } }) as const,
  tags: (uuid: string, items: string[]) => ({ key: 'tags', method: 'POST', url: `${CREATOR_API}/builder/tags-update/`, body: { uuid, items } }) as const,
  plans: (uuid: string, items: PlanInput[]) =>
    ({ key: 'plans', method: 'POST', url: `${CREATOR_API}/builder/subscription-update/`, body: { uuid, items } }) as const,
  /** Shares the course with someone as a collaborator or a grader; for someone already on it, changes the role. */
  addCollaborator: (uuid: string, username: string, role: CollaboratorRole = 'collaborator') =>
    ({
      key: `collaborator:add:${username}`,
      method: 'PUT',
      url: `${CREATOR_API}/builder/share/add/collaborators/${segment(uuid)}`,
      body: { username, role },
    }) as const,
  removeCollaborator: (uuid: string, username: string) =>
    ({
      key: `collaborator:remove:${username}`,
      method: 'PUT',
      url: `${CREATOR_API}/builder/share/remove/collaborators/${segment(uuid)}`,
      body: { username },
    }) as const,
}

/** The writes of the content editor, one builder per operation (keys coalesce repeated edits of one thing). */
export const contentWrites = {
  addSection: (course: string, sectionId: string, title: string): ContentWrite => ({
    key: `add:${sectionId}`,
    method: 'POST',
    url: `${CREATOR_API}/blocks/add`,
    body: { uuid: course, item: 'section', id: sectionId, values: { title } },
  }),
  addBlock: (course: string, section: string, blockId: string, kind: string, values: object): ContentWrite => ({
    key: `add:${blockId}`,
    method: 'POST',
    url: `${CREATOR_API}/blocks/add`,
    body: { uuid: course, item: kind, section, id: blockId, values },
  }),
  values: (course: string, item: string, values: object): ContentWrite => ({
    key: `values:${item}`,
    method: 'PUT',
    url: `${CREATOR_API}/blocks`,
    body: { uuid: course, item, values },
  }),
  remove: (course: string, item: string): ContentWrite => ({
    key: `delete:${item}`,
    method: 'POST',
    url: `${CREATOR_API}/blocks/delete`,
    body: { uuid: course, id: item },
  }),
  order: (course: string, section: string | undefined, ids: string[]): ContentWrite => ({
    key: `order:${section ?? 'sections'}`,
    method: 'POST',
    url: `${CREATOR_API}/blocks/order`,
    body: { uuid: course, ...(section ? { section } : {}), updates: ids.map((item, position) => ({ id: item, position })) },
  }),
  move: (course: string, block: string, section: string, position: number): ContentWrite => ({
    key: `move:${block}`,
    method: 'PUT',
    url: `${CREATOR_API}/blocks/move/section`,
    body: { uuid: course, block, section, position },
  }),
  restore: (course: string, block: string, version: number): ContentWrite => ({
    key: `restore:${block}:${version}`,
    method: 'POST',
    url: `${CREATOR_API}/blocks/restore`,
    body: { uuid: course, block, version },
  }),
}

/** The writes of the question banks tab (`banks/...`): the bank's own id makes a replayed add harmless. */
export const bankWrites = {
  add: (course: string, bank: { id: string; name: string; questions: unknown[] }): ContentWrite => ({
    key: `bank:add:${bank.id}`,
    method: 'POST',
    url: `${CREATOR_API}/banks/add`,
    body: { uuid: course, id: bank.id, name: bank.name, questions: bank.questions },
  }),
  update: (course: string, bank: { id: string; name: string; questions: unknown[] }): ContentWrite => ({
    key: `bank:${bank.id}`,
    method: 'PUT',
    url: `${CREATOR_API}/banks`,
    body: { uuid: course, bank: bank.id, name: bank.name, questions: bank.questions },
  }),
  remove: (course: string, bank: string): ContentWrite => ({
    key: `bank:delete:${bank}`,
    method: 'POST',
    url: `${CREATOR_API}/banks/delete`,
    body: { uuid: course, id: bank },
  }),
}
