import type { Collaborator, CourseDraft, FaqItem, GeneralData as GeneralFields, Plan } from '../../../contracts/courses/creator'
import type { PendingWrite, WriteAnswer } from './saver'

/**
 * The page's copy of the course after the server accepted one of the builder's own writes: a tab
 * opened later starts from what is saved, not from the first fetch. The server's answer wins where it
 * gives the saved value (the whole draft, a list with its new ids, a file's read URL).
 */
export function applyAnswer(course: CourseDraft, write: PendingWrite, answer: WriteAnswer): CourseDraft {
  const revision = typeof answer.revision === 'number' ? answer.revision : course.revision
  if (answer.Item && typeof answer.Item === 'object' && (answer.Item as CourseDraft).uuid === course.uuid) {
    return { ...course, ...(answer.Item as CourseDraft), role: course.role, revision }
  }
  const items = Array.isArray(answer.items) ? answer.items : undefined
  const body = write.body as Record<string, unknown>
  if (write.key === 'general') {
    const { uuid: _uuid, ...fields } = body as Partial<GeneralFields> & { uuid?: string }
    return { ...course, ...fields, revision }
  }
  if (write.key === 'faq') return { ...course, faq: (items ?? body.items) as FaqItem[], revision }
  if (write.key === 'tags') return { ...course, tags: (items ?? body.items) as string[], revision }
  if (write.key === 'plans') return { ...course, plans: (items ?? body.items) as Plan[], revision }
  if (write.key.startsWith('media:')) {
    const kind = write.key.slice('media:'.length) as 'cover' | 'thumbnail' | 'presentation' | 'template'
    const path = 'path' in answer ? (answer.path as string | null) : ((body[kind] as string | null) ?? null)
    const url = 'url' in answer ? (answer.url as string | null) : null
    return { ...course, [kind]: path, [`${kind}Url`]: url, revision }
  }
  if (write.key.startsWith('collaborator:')) {
    const username = String(body.username ?? '')
    const collaborators =
      (items as Collaborator[] | undefined) ??
      (write.key.startsWith('collaborator:add:')
        ? [...course.collaborators.filter((c) => c.username !== username), { username } as Collaborator]
        : course.collaborators.filter((c) => c.username !== username))
    return { ...course, collaborators, revision }
  }
  return { ...course, revision }
}
