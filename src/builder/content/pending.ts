import type { ContentWrite } from './saverTypes'
import { moveBlock, moveSection, removeItem, renumber, updateBlock, type Block, type BlockKind, type BlockValues, type Section } from './model'

/**
 * The fetched content with the writes still waiting in the saver applied on top, in queue order: after a
 * reload, an offline spell or a conflict, the editor shows what the creator did, not what the server has
 * so far. Each write is applied as the server will apply it; one that no longer fits is skipped.
 */
export function withPending(sections: Section[], writes: ContentWrite[]): Section[] {
  let next = sections
  for (const write of writes) {
    const body = write.body
    const path = write.url.replace(/^.*\/blocks/, '')
    if (path === '/add' && typeof body.id === 'string') {
      const id = body.id
      const values = (body.values ?? {}) as BlockValues
      if (body.item === 'section') {
        if (!next.some((s) => s.id === id)) next = [...next, { id, kind: 'section', title: String(values.title ?? ''), position: next.length, blocks: [] }]
      } else if (!next.some((s) => s.blocks.some((b) => b.id === id))) {
        const block: Block = { id, kind: body.item as BlockKind, values, position: 0, version: 1 }
        next = next.map((s) => (s.id === body.section ? { ...s, blocks: renumber([...s.blocks, block]) } : s))
      }
    } else if (path === '' && write.method === 'PUT' && typeof body.item === 'string') {
      const id = body.item
      const values = (body.values ?? {}) as BlockValues
      next = next.some((s) => s.id === id)
        ? next.map((s) => (s.id === id ? { ...s, title: String(values.title ?? s.title) } : s))
        : updateBlock(next, id, (b) => ({ ...b, values }))
    } else if (path === '/delete' && typeof body.id === 'string') {
      next = removeItem(next, body.id)
    } else if (path === '/order' && Array.isArray(body.updates)) {
      const updates = [...(body.updates as Array<{ id: string; position: number }>)].sort((a, b) => a.position - b.position)
      for (const u of updates) {
        next = typeof body.section === 'string' ? moveBlock(next, u.id, body.section, u.position) : moveSection(next, u.id, u.position)
      }
    } else if (path === '/move/section' && typeof body.block === 'string' && typeof body.section === 'string') {
      const target = next.find((s) => s.id === body.section)
      next = moveBlock(next, body.block, body.section, typeof body.position === 'number' ? body.position : (target?.blocks.length ?? 0))
    }
  }
  return next
}
