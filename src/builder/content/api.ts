import { httpClient } from '../../dataProvider'
import type { ContentTree, HistoryResponse, ResourceBlockKind, ReviewCourseResponse, UploadParamsResponse } from '../../../contracts/courses/content'
import type { HistoryEntry, Section } from './model'

/** The content routes of the creator API (requirements §7). */
export const CREATOR = '/api/v2/courses/creator'

const id = encodeURIComponent

/** A write the course's saver queues: sent in order with the course's current revision added to `body`. */
export interface ContentWrite {
  key: string
  method: 'POST' | 'PUT'
  url: string
  body: Record<string, unknown>
}

/**
 * What the editor needs from the course's saver: queue a write and learn how it ended. The promise
 * resolves with the server's answer once sent, and rejects only when the server refused the write for
 * good (a network failure keeps it queued and the promise waiting).
 */
export interface ContentSaver {
  enqueue(write: ContentWrite, options?: { debounce?: boolean; merge?: boolean }): Promise<{ revision?: number; [field: string]: unknown }>
  /** The writes not yet acknowledged (some perhaps left by an earlier page), drawn over the fetched content. */
  pending?(): ContentWrite[]
  /** The saver's state (`conflict` while a stale write waits for the course to be fetched again). */
  readonly status?: string
  subscribe?(listener: () => void): () => void
}

export const contentApi = {
  async sections(course: string): Promise<Section[]> {
    return (await httpClient<ContentTree>(`${CREATOR}/builder/blocks/${id(course)}`)).json.items as Section[]
  },
  async history(course: string, block: string): Promise<HistoryEntry[]> {
    return (await httpClient<HistoryResponse>(`${CREATOR}/blocks/history/${id(course)}/${id(block)}`)).json.items
  },
  async review(course: string): Promise<ReviewCourseResponse['Item'] & { items: Section[] }> {
    return (await httpClient<ReviewCourseResponse>(`${CREATOR}/builder/review/course/${id(course)}`)).json.Item as ReviewCourseResponse['Item'] & {
      items: Section[]
    }
  },
  /** Upload parameters for a block's file; the upload kind follows the block's kind. */
  async resourceParams(
    course: string,
    block: string,
    kind: ResourceBlockKind,
    file: { size: number; contentType: string; fileName: string },
  ): Promise<UploadParamsResponse> {
    const body = JSON.stringify({ uuid: course, block, kind, ...file })
    return (await httpClient<UploadParamsResponse>(`${CREATOR}/blocks/resource-par`, { method: 'POST', body })).json
  },
}

/** The writes of the content editor, one builder per operation (keys coalesce repeated edits of one thing). */
export const writes = {
  addSection: (course: string, sectionId: string, title: string): ContentWrite => ({
    key: `add:${sectionId}`,
    method: 'POST',
    url: `${CREATOR}/blocks/add`,
    body: { uuid: course, item: 'section', id: sectionId, values: { title } },
  }),
  addBlock: (course: string, section: string, blockId: string, kind: string, values: object): ContentWrite => ({
    key: `add:${blockId}`,
    method: 'POST',
    url: `${CREATOR}/blocks/add`,
    body: { uuid: course, item: kind, section, id: blockId, values },
  }),
  values: (course: string, item: string, values: object): ContentWrite => ({
    key: `values:${item}`,
    method: 'PUT',
    url: `${CREATOR}/blocks`,
    body: { uuid: course, item, values },
  }),
  remove: (course: string, item: string): ContentWrite => ({
    key: `delete:${item}`,
    method: 'POST',
    url: `${CREATOR}/blocks/delete`,
    body: { uuid: course, id: item },
  }),
  order: (course: string, section: string | undefined, ids: string[]): ContentWrite => ({
    key: `order:${section ?? 'sections'}`,
    method: 'POST',
    url: `${CREATOR}/blocks/order`,
    body: { uuid: course, ...(section ? { section } : {}), updates: ids.map((item, position) => ({ id: item, position })) },
  }),
  move: (course: string, block: string, section: string, position: number): ContentWrite => ({
    key: `move:${block}`,
    method: 'PUT',
    url: `${CREATOR}/blocks/move/section`,
    body: { uuid: course, block, section, position },
  }),
  restore: (course: string, block: string, version: number): ContentWrite => ({
    key: `restore:${block}:${version}`,
    method: 'POST',
    url: `${CREATOR}/blocks/restore`,
    body: { uuid: course, block, version },
  }),
}
