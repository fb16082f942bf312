import type { CourseDraft, FaqItem, Plan } from '../../../contracts/courses/creator'
import type { BlockValues, Section } from '../content/model'
import type { PendingWrite } from './pendingStore'

/**
 * What stands between unsent edits and the course as saved now: one decision per general field, per
 * list (FAQ, tags, plans), per file, per section or block and per structural change. An edit whose
 * value is already the saved one needs no decision (nothing to send); every other one is shown side by
 * side with the saved value, and only what the person keeps is sent again.
 */

/** A text to show: as typed (`text`), or a catalogue key with its parameters. */
export type Shown = { text: string } | { key: string; params?: Record<string, unknown> }

export interface ConflictItem {
  /** One decision: `general:<field>`, `faq`, `media:cover`, `add:<id>`, `values:<id>`, … */
  id: string
  label: Shown
  mine: Shown
  theirs: Shown
}

export type Choice = 'mine' | 'theirs'

/** The course as saved now: its general data and, when it could be read, its content. */
export interface SavedCourse {
  course: CourseDraft
  sections: Section[] | null
  /** Names of the catalogue choices the general data refers to by id, where they could be read. */
  choiceNames?: Record<string, string>
}

/** The general fields that hold a catalogue choice's id, and their catalogue. */
export const CHOICE_KINDS = {
  statusId: 'statuses',
  difficultyId: 'difficulties',
  categoryId: 'categories',
  organizationId: 'organizations',
  certificateId: 'certificates',
} as const

const GENERAL_LABELS: Record<string, string> = {
  name: 'name',
  durationHours: 'durationHours',
  briefDescription: 'briefDescription',
  description: 'description',
  requirements: 'requirements',
  certificateDetails: 'certificateDetails',
  statusId: 'status',
  difficultyId: 'difficulty',
  categoryId: 'category',
  certificateId: 'certificate',
  organizationId: 'organization',
  keywords: 'keywords',
  salesEnabled: 'salesEnabled',
}

const key = (k: string, params?: Record<string, unknown>): Shown => ({ key: k, params })
const text = (value: string): Shown => (value.trim() === '' ? key('aula.builder.conflict.empty') : { text: value })

/** A stable JSON form for comparing values (object keys sorted, undefined and null alike). */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null'
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== '')
    return `{${entries
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b)

const stripHtml = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
const fileName = (path: string) => path.split('/').pop() ?? path

/** A block's values in words: its title, its text, its link or file. */
export function blockSummary(values: BlockValues | Record<string, unknown> | undefined): string {
  const v = (values ?? {}) as Record<string, unknown>
  const parts: string[] = []
  for (const field of ['title', 'html', 'url', 'path', 'entry', 'alt']) {
    const value = v[field]
    if (typeof value !== 'string' || !value.trim()) continue
    parts.push(field === 'html' ? stripHtml(value) : field === 'path' || field === 'entry' ? fileName(value) : value.trim())
  }
  if (Array.isArray(v.questions)) parts.push(`${v.questions.length} ×`)
  return parts.filter(Boolean).join(' — ')
}

function generalValue(field: string, value: unknown, names: Record<string, string> = {}): Shown {
  if (value === null || value === undefined || value === '') return key(field in CHOICE_KINDS ? 'aula.builder.general.none' : 'aula.builder.conflict.empty')
  if (field in CHOICE_KINDS && typeof value === 'string') return text(names[value] ?? value)
  if (typeof value === 'boolean') return key(value ? 'aula.builder.conflict.yes' : 'aula.builder.conflict.no')
  if (Array.isArray(value)) return text(value.join(', '))
  return text(String(value))
}

const faqText = (items: FaqItem[]) => items.map((i) => `${i.question}: ${i.answer}`).join(' · ')
const plansText = (items: Plan[]) =>
  items
    .map((p) =>
      [
        p.name,
        p.price !== null && p.price !== undefined ? `${p.price} ${p.currency ?? ''}`.trim() : '',
        p.durationDays ? `${p.durationDays} d` : '',
        // The reminder thresholds (days before expiry), so a change of them alone shows on both sides.
        p.reminderDays ? `✉ ${p.reminderDays.join('/') || '—'}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    )
    .join(' · ')
/** Lists compare without the server's own fields (ids it gives, subscriber counts). */
const faqCore = (items: unknown) => (Array.isArray(items) ? (items as FaqItem[]).map((i) => ({ question: i.question, answer: i.answer })) : [])
const planCore = (items: unknown) =>
  Array.isArray(items)
    ? (items as Plan[]).map((p) => ({
        name: p.name,
        price: p.price ?? null,
        currency: p.currency ?? null,
        durationDays: p.durationDays,
        reminderDays: p.reminderDays ?? null,
      }))
    : []

interface Found {
  section: Section
  index: number
  block?: Section['blocks'][number]
}
function find(sections: Section[] | null, id: string): Found | null {
  if (!sections) return null
  for (const section of sections) {
    if (section.id === id) return { section, index: sections.indexOf(section) }
    const index = section.blocks.findIndex((b) => b.id === id)
    if (index >= 0) return { section, index, block: section.blocks[index] }
  }
  return null
}
const itemLabel = (found: Found | null, kind: string | undefined, values: Record<string, unknown> | undefined): Shown => {
  const title = found?.block ? blockSummary(found.block.values) : found ? found.section.title : blockSummary(values)
  return key('aula.builder.conflict.item', {
    kind: `aula.builder.contentEditor.kinds.${found?.block?.kind ?? (found ? 'section' : (kind ?? 'text'))}`,
    title: title.slice(0, 60) || '—',
  })
}
const itemValue = (found: Found | null): Shown =>
  !found ? key('aula.builder.conflict.notInCourse') : found.block ? text(blockSummary(found.block.values)) : text(found.section.title)

/** The writes' decisions against the saved course, in the order the edits were made. */
export function conflictItems(writes: PendingWrite[], saved: SavedCourse): ConflictItem[] {
  const { course, sections, choiceNames } = saved
  const items = new Map<string, ConflictItem>()
  const put = (item: ConflictItem) => items.set(item.id, item)
  const drop = (id: string) => items.delete(id)
  const added = new Set(writes.filter((w) => w.key.startsWith('add:')).map((w) => w.key.slice(4)))

  // The general fields, merged in order: the last value of each field is the one that would go out.
  const general: Record<string, unknown> = {}
  for (const write of writes) if (write.key === 'general') Object.assign(general, write.body)
  delete general.uuid

  for (const write of writes) {
    const body = write.body
    if (write.key === 'general') {
      for (const field of Object.keys(body)) {
        if (field === 'uuid') continue
        const mine = general[field]
        const theirs = (course as unknown as Record<string, unknown>)[field]
        const id = `general:${field}`
        if (same(mine, theirs)) drop(id)
        else
          put({
            id,
            label: key(`aula.builder.general.${GENERAL_LABELS[field] ?? field}`),
            mine: generalValue(field, mine, choiceNames),
            theirs: generalValue(field, theirs, choiceNames),
          })
      }
    } else if (write.key === 'faq') {
      const mine = (body.items ?? []) as FaqItem[]
      if (same(faqCore(mine), faqCore(course.faq))) drop('faq')
      else put({ id: 'faq', label: key('aula.builder.tabs.faq'), mine: text(faqText(mine)), theirs: text(faqText(course.faq)) })
    } else if (write.key === 'tags') {
      const mine = (body.items ?? []) as string[]
      if (same(mine, course.tags)) drop('tags')
      else put({ id: 'tags', label: key('aula.builder.tabs.tags'), mine: text(mine.join(', ')), theirs: text(course.tags.join(', ')) })
    } else if (write.key === 'plans') {
      const mine = (body.items ?? []) as Plan[]
      if (same(planCore(mine), planCore(course.plans))) drop('plans')
      else put({ id: 'plans', label: key('aula.builder.tabs.plans'), mine: text(plansText(mine)), theirs: text(plansText(course.plans)) })
    } else if (write.key.startsWith('media:')) {
      const kind = write.key.slice('media:'.length) as 'cover' | 'thumbnail' | 'presentation' | 'template'
      const mine = (body[kind] as string | null | undefined) ?? null
      const theirs = course[kind] ?? null
      const shown = (path: string | null) => (path ? text(fileName(path)) : key('aula.builder.conflict.none'))
      if (mine === theirs) drop(write.key)
      else put({ id: write.key, label: key(`aula.builder.media.${kind}`), mine: shown(mine), theirs: shown(theirs) })
    } else if (write.key.startsWith('collaborator:')) {
      const username = String(body.username ?? '')
      const adding = write.key.startsWith('collaborator:add:')
      const there = course.collaborators.some((c) => c.username === username)
      const id = `collaborator:${username}`
      if (there === adding) drop(id)
      else
        put({
          id,
          label: key('aula.builder.conflict.collaborator', { username }),
          mine: key(adding ? 'aula.builder.conflict.invited' : 'aula.builder.conflict.removed'),
          theirs: key(there ? 'aula.builder.conflict.invited' : 'aula.builder.conflict.notInvited'),
        })
    } else if (write.key.startsWith('add:')) {
      const id = String(body.id ?? write.key.slice(4))
      const found = find(sections, id)
      const values = (body.item === 'section' ? { title: (body.values as BlockValues | undefined)?.title } : body.values) as Record<string, unknown>
      if (found && same(found.block ? found.block.values : { title: found.section.title }, values)) drop(write.key)
      else put({ id: write.key, label: itemLabel(null, String(body.item), values), mine: text(blockSummary(values)), theirs: itemValue(found) })
    } else if (write.key.startsWith('values:')) {
      const id = String(body.item ?? write.key.slice(7))
      const values = body.values as Record<string, unknown>
      if (added.has(id)) {
        // A block made and then edited here: one decision, showing the last values.
        const item = items.get(`add:${id}`)
        if (item) items.set(item.id, { ...item, mine: text(blockSummary(values)) })
        continue
      }
      const found = find(sections, id)
      const theirs = found?.block ? found.block.values : found ? { title: found.section.title } : undefined
      if (found && same(theirs, found.block ? values : { title: values?.title })) drop(write.key)
      else
        put({
          id: write.key,
          label: itemLabel(found, undefined, values),
          mine: text(blockSummary(values)),
          theirs: found ? itemValue(found) : key('aula.builder.conflict.deletedThere'),
        })
    } else if (write.key.startsWith('weight:')) {
      // A graded block's weight (the gradebook tab): compared with the block's weight as saved.
      const found = find(sections, String(body.block ?? write.key.slice(7)))
      const theirs = found?.block ? (found.block.values.weight ?? 1) : undefined
      const values = found?.block?.values ?? {}
      const name = String(values.name || values.title || '').trim()
      if (found?.block && same(theirs, body.weight)) drop(write.key)
      else
        put({
          id: write.key,
          label: key('aula.builder.gradebook.conflictLabel', { name: name.slice(0, 60) || '—' }),
          mine: text(String(body.weight)),
          theirs: found?.block ? text(String(theirs)) : key('aula.builder.conflict.deletedThere'),
        })
    } else if (write.key.startsWith('delete:')) {
      const found = find(sections, String(body.id))
      if (!found && sections) drop(write.key)
      else put({ id: write.key, label: itemLabel(found, undefined, undefined), mine: key('aula.builder.conflict.deleted'), theirs: itemValue(found) })
    } else if (write.key.startsWith('order:') || write.key.startsWith('move:')) {
      const section = typeof body.section === 'string' ? body.section : undefined
      const siblings = (ids: string[]) =>
        ids.map((id) => blockSummary(find(sections, id)?.block?.values) || find(sections, id)?.section.title || '—').join(' · ')
      const savedIds = section ? (sections?.find((s) => s.id === section)?.blocks.map((b) => b.id) ?? []) : (sections?.map((s) => s.id) ?? [])
      if (write.key.startsWith('order:')) {
        const mine = ((body.updates ?? []) as Array<{ id: string; position: number }>).sort((a, b) => a.position - b.position).map((u) => u.id)
        if (
          sections &&
          same(
            mine,
            savedIds.filter((id) => mine.includes(id)),
          )
        )
          drop(write.key)
        else {
          const title = section ? (sections?.find((s) => s.id === section)?.title ?? '—') : ''
          put({
            id: write.key,
            label: key(section ? 'aula.builder.conflict.orderBlocks' : 'aula.builder.conflict.orderSections', { section: title }),
            mine: text(siblings(mine)),
            theirs: text(siblings(savedIds)),
          })
        }
      } else {
        const block = String(body.block)
        const found = find(sections, block)
        const target = sections?.find((s) => s.id === section)
        const where = (s: Section | undefined, position: number) => key('aula.builder.conflict.place', { section: s?.title ?? '—', position: position + 1 })
        if (found?.block && found.section.id === section && found.index === body.position) drop(write.key)
        else
          put({
            id: write.key,
            label: itemLabel(found, undefined, undefined),
            mine: where(target, Number(body.position ?? 0)),
            theirs: found?.block ? where(found.section, found.index) : key('aula.builder.conflict.notInCourse'),
          })
      }
    } else if (write.key.startsWith('restore:')) {
      const found = find(sections, String(body.block))
      put({
        id: write.key,
        label: itemLabel(found, undefined, undefined),
        mine: key('aula.builder.conflict.restored', { version: body.version }),
        theirs: itemValue(found),
      })
    } else {
      put({ id: write.key, label: text(write.key), mine: key('aula.builder.conflict.changed'), theirs: key('aula.builder.conflict.saved') })
    }
  }
  return [...items.values()]
}

/** The decision a write belongs to (a block's later edits follow its creation). */
function decisionOf(write: PendingWrite, added: Set<string>): string {
  if (write.key.startsWith('values:') && added.has(write.key.slice(7))) return `add:${write.key.slice(7)}`
  if (write.key.startsWith('collaborator:')) return `collaborator:${String(write.body.username ?? '')}`
  return write.key
}

/**
 * The writes to send again after the person's choices: what they kept, in the order it was made; for
 * the general data only the fields they kept. Edits that needed no decision (already saved) go.
 */
export function keptWrites(writes: PendingWrite[], items: ConflictItem[], choices: Record<string, Choice>): PendingWrite[] {
  const open = new Set(items.map((i) => i.id))
  const mine = (id: string) => open.has(id) && choices[id] === 'mine'
  const added = new Set(writes.filter((w) => w.key.startsWith('add:')).map((w) => w.key.slice(4)))
  const kept: PendingWrite[] = []
  for (const write of writes) {
    if (write.key === 'general') {
      const fields = Object.entries(write.body).filter(([field]) => field !== 'uuid' && mine(`general:${field}`))
      if (fields.length > 0) kept.push({ ...write, body: { uuid: write.body.uuid, ...Object.fromEntries(fields) } })
    } else if (mine(decisionOf(write, added))) kept.push(write)
  }
  return kept
}
