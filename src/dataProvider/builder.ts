import type * as Contract from '../../contracts/courses/creator'
import type * as Content from '../../contracts/courses/content'
import { httpClient } from './http'

/**
 * The course builder's API (requirements §7 "Course creator", `/api/v2/courses/creator/...`): the reads the
 * builder screens make, and the shapes of the writes its saver queues. The shapes follow the creator
 * contracts (B9 design); writes go through the builder's saver, which adds the course revision.
 */
export const CREATOR_API = '/api/v2/courses/creator'
/** Courses per page of the list. */
export const COURSE_PAGE_SIZE = 10

export type CourseFilter = 'mine' | 'shared' | 'all'
export type CourseRole = 'owner' | 'collaborator' | 'reviewer' | 'admin'

export interface CourseSummary {
  uuid: string
  name: string
  briefDescription?: string
  cover: string | null
  coverUrl?: string | null
  status: { id: string; code: string; name: string } | null
  updatedAt: string
  role: CourseRole
  publishedVersion: number | null
  revision: number
}

export interface FaqItem {
  id: string
  question: string
  answer: string
}

export interface Plan {
  id?: string
  name: string
  durationDays: number
  price?: number | string | null
  currency?: string | null
  /** Whether learners hold this plan (removing it then archives it). */
  subscribed?: boolean
}

export interface Collaborator {
  username: string
  name?: string
  addedAt?: string
}

/** The general data a creator edits (`PUT builder/update-general` takes any subset). */
export interface GeneralFields {
  name: string
  durationHours: number | null
  briefDescription: string
  description: string
  requirements: string
  certificateDetails: string
  statusId: string | null
  difficultyId: string | null
  categoryId: string | null
  organizationId: string | null
  /** The certificate design from the catalogue (an uploaded template takes precedence). */
  certificateId: string | null
  keywords: string[]
  salesEnabled: boolean
}

export const MEDIA_KINDS = ['cover', 'thumbnail', 'presentation', 'template'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

export interface CourseDraft extends GeneralFields {
  uuid: string
  revision: number
  cover: string | null
  coverUrl?: string | null
  thumbnail: string | null
  thumbnailUrl?: string | null
  presentation: string | null
  presentationUrl?: string | null
  template: string | null
  templateUrl?: string | null
  faq: FaqItem[]
  tags: string[]
  plans: Plan[]
  collaborators: Collaborator[]
  createdBy: string | null
  role: CourseRole
  publishedVersion: number | null
  publishedAt: string | null
}

export interface Choice {
  id: string
  name: string
}
export type ChoiceKind = 'difficulties' | 'categories' | 'organizations' | 'certificates' | 'statuses'

export interface ValidationItem {
  key: string
  ok: boolean
  message?: string
}
export interface Validation {
  ok: boolean
  items: ValidationItem[]
}

export interface UploadParams {
  url: string
  fields: Record<string, string>
  path: string
}

const get = async <T>(path: string): Promise<T> => (await httpClient<T>(`${CREATOR_API}/${path}`)).json
const post = async <T>(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<T> =>
  (await httpClient<T>(`${CREATOR_API}/${path}`, { method, body: JSON.stringify(body) })).json
const segment = encodeURIComponent

/** The list's path: `all/{page}[/{filter}[/{search}]]` (and the same under `count/`). */
function listPath(kind: 'all' | 'count', page: number, filter: CourseFilter, search: string) {
  const trimmed = search.trim()
  return `${kind}/${page}/${filter}${trimmed ? `/${segment(trimmed)}` : ''}`
}

export const builderApi = {
  /** `POST start {name}`: the caller's new draft. */
  start: (name: string) => post<{ uuid: string; revision: number }>('start', { name }),
  /** One page (from 1) of the courses the filter gives. */
  list: (page: number, filter: CourseFilter, search = '') => get<{ items: CourseSummary[] }>(listPath('all', page, filter, search)),
  count: (filter: CourseFilter, search = '') => get<{ count: number; pageSize?: number; pages?: number }>(listPath('count', 1, filter, search)),
  /** The draft; 404 'Not authorized!' when the caller has no role on it or it does not exist. */
  course: async (uuid: string) => (await get<{ Item: CourseDraft }>(`builder/${segment(uuid)}`)).Item,
  choices: async (kind: ChoiceKind) => (await get<{ items: Choice[] }>(`${kind}/all`)).items,
  /** Upload parameters for one of the course's media (`...-par`). */
  mediaParams: (kind: MediaKind, body: { uuid: string; size: number; contentType: string; fileName: string }) =>
    post<UploadParams>(`builder/${MEDIA_PAR[kind]}`, body),
  /** Creators one may invite (legacy `share/creators/{id}?search=`). */
  creators: (uuid: string, search: string) =>
    get<{ items: Collaborator[] }>(`builder/share/creators/${segment(uuid)}${search.trim() ? `?search=${segment(search.trim())}` : ''}`),
  validate: (uuid: string) => get<Validation>(`publish/validate/${segment(uuid)}`),
  publish: (uuid: string) => post<{ version: number; publishedAt: string }>('publish/all', { uuid }),
}

const MEDIA_PAR: Record<MediaKind, string> = {
  cover: 'cover-par',
  thumbnail: 'thumbnail-par',
  presentation: 'presentation-par',
  template: 'certificate-template-par',
}
const MEDIA_PUT: Record<MediaKind, string> = {
  cover: 'cover',
  thumbnail: 'thumbnail',
  presentation: 'presentation',
  template: 'certificate-template',
}

/**
 * The writes of the builder's own tabs, as the saver queues them (`{ key, method, url, body }`, the
 * revision added when sent). The key says which writes replace each other while unsent.
 */
export const builderWrites = {
  general: (uuid: string, fields: Partial<GeneralFields>) =>
    ({ key: 'general', method: 'PUT', url: `${CREATOR_API}/builder/update-general`, body: { uuid, ...fields } }) as const,
  media: (uuid: string, kind: MediaKind, path: string | null) =>
    ({ key: `media:${kind}`, method: 'PUT', url: `${CREATOR_API}/builder/${MEDIA_PUT[kind]}`, body: { uuid, [kind]: path } }) as const,
  faq: (uuid: string, items: FaqItem[]) => ({ key: 'faq', method: 'POST', url: `${CREATOR_API}/builder/faq-update/`, body: { uuid, items } }) as const,
  tags: (uuid: string, items: string[]) => ({ key: 'tags', method: 'POST', url: `${CREATOR_API}/builder/tags-update/`, body: { uuid, items } }) as const,
  plans: (uuid: string, items: Plan[]) =>
    ({ key: 'plans', method: 'POST', url: `${CREATOR_API}/builder/subscription-update/`, body: { uuid, items } }) as const,
  addCollaborator: (uuid: string, username: string) =>
    ({
      key: `collaborator:add:${username}`,
      method: 'PUT',
      url: `${CREATOR_API}/builder/share/add/collaborators/${segment(uuid)}`,
      body: { username },
    }) as const,
  removeCollaborator: (uuid: string, username: string) =>
    ({
      key: `collaborator:remove:${username}`,
      method: 'PUT',
      url: `${CREATOR_API}/builder/share/remove/collaborators/${segment(uuid)}`,
      body: { username },
    }) as const,
}

/*
 * The server's answers must carry everything the screens read: these lines stop the build when a
 * creator or content contract drifts from the shapes above.
 */
type Fits<Server, Client> = Server extends Client ? true : never
const contractsFit: [
  Fits<Contract.CourseDraft, CourseDraft>,
  Fits<Contract.CourseSummary, CourseSummary>,
  Fits<Contract.Choice, Choice>,
  Fits<Contract.CourseCountResponse, { count: number }>,
  Fits<Content.ValidationResponse, Validation>,
  Fits<Content.PublishResponse, { version: number; publishedAt: string }>,
  Fits<Contract.UploadParams, UploadParams>,
] = [true, true, true, true, true, true, true]
void contractsFit
