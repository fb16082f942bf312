import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keptWrites, conflictItems } from '../../../src/builder/common/conflicts'
import { legacyKey, PendingStore, recordKey, STALE_AFTER_MS, type PendingWrite } from '../../../src/builder/common/pendingStore'
import type { Section } from '../../../src/builder/content/model'
import { draft } from './harness'

const UUID = '11111111-1111-4111-8111-111111111111'
const general = (body: Record<string, unknown>): PendingWrite => ({
  key: 'general',
  method: 'PUT',
  url: '/api/v2/courses/creator/builder/update-general',
  body: { uuid: UUID, ...body },
})

/** Web Locks as a browser keeps them: one holder per name, released when the holder's callback ends. */
function fakeLocks() {
  const held = new Set<string>()
  return {
    held,
    async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => unknown) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null)
        throw new Error('waiting for a held lock is not modelled')
      }
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        held.delete(name)
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name })) }
    },
  }
}

let stores: PendingStore[] = []
const store = (locks: ReturnType<typeof fakeLocks> | null, tab = 'tab-a') => {
  const made = new PendingStore(UUID, localStorage, { locks, tab })
  stores.push(made)
  return made
}
const record = (writes: PendingWrite[], baseRevision = 4) => ({ baseRevision, createdAt: Date.now(), writes })

beforeEach(() => localStorage.clear())
afterEach(() => {
  for (const s of stores) s.dispose()
  stores = []
  vi.useRealTimers()
})

describe('the store of unsent edits', () => {
  it('with Web Locks: a live page’s record is never offered; a gone page’s is, once, to one page', async () => {
    const locks = fakeLocks()
    const a = store(locks)
    a.save(record([general({ name: 'From A' })]))
    const b = store(locks, 'tab-b')
    expect(await b.orphans()).toEqual([])
    expect(await b.claim(a.writer)).toBeNull()
    expect(localStorage.getItem(recordKey(UUID, a.writer))).not.toBeNull()

    // Page A goes away: the browser lets its lock go.
    a.dispose()
    await Promise.resolve()
    const c = store(locks, 'tab-c')
    const offered = await b.orphans()
    expect(offered.map((r) => [r.writer, r.baseRevision, r.tab, r.writes[0]!.body.name])).toEqual([[a.writer, 4, 'tab-a', 'From A']])
    expect((await c.orphans()).map((r) => r.writer)).toEqual([a.writer])
    // Both pages try to restore it: only one gets it.
    const [first, second] = await Promise.all([b.claim(a.writer), c.claim(a.writer)])
    expect([first?.writer ?? null, second?.writer ?? null].filter(Boolean)).toEqual([a.writer])
    expect(localStorage.getItem(recordKey(UUID, a.writer))).toBeNull()
    expect(await c.orphans()).toEqual([])
  })

  it('without Web Locks: a record whose heartbeat stopped is a gone page’s', async () => {
    vi.useFakeTimers()
    const a = store(null)
    a.save(record([general({ name: 'From A' })]))
    const b = store(null, 'tab-b')
    expect(await b.orphans()).toEqual([])
    vi.advanceTimersByTime(STALE_AFTER_MS / 2)
    a.beat()
    vi.advanceTimersByTime(STALE_AFTER_MS / 2 + 1)
    expect(await b.orphans()).toEqual([])
    vi.advanceTimersByTime(STALE_AFTER_MS)
    expect((await b.orphans()).map((r) => r.writer)).toEqual([a.writer])
    expect(await b.discard(a.writer)).toBe(true)
    expect(await b.discard(a.writer)).toBe(false)
  })

  it('offers the queue of an earlier builder (one per course) instead of sending it; ignores damaged records', async () => {
    localStorage.setItem(legacyKey(UUID), JSON.stringify({ writes: [{ ...general({ description: 'Old' }), owner: 'x' }] }))
    localStorage.setItem(recordKey(UUID, 'broken'), '{not json')
    const b = store(fakeLocks())
    const offered = await b.orphans()
    expect(offered).toHaveLength(1)
    expect(offered[0]).toMatchObject({ baseRevision: null, writes: [{ key: 'general', body: { description: 'Old' } }] })
    expect(localStorage.getItem(legacyKey(UUID))).toBeNull()
  })
})

describe('the decisions between unsent edits and the saved course', () => {
  const sections: Section[] = [
    {
      id: 's1',
      kind: 'section',
      title: 'Basics',
      position: 0,
      blocks: [{ id: 'b1', kind: 'text', position: 0, version: 2, values: { title: 'Intro', html: '<p>Theirs <b>text</b></p>' } }],
    },
  ]
  const saved = { course: draft({ name: 'Saved name', description: 'Same', keywords: ['a'] }), sections }
  const values = (item: string, v: Record<string, unknown>): PendingWrite => ({
    key: `values:${item}`,
    method: 'PUT',
    url: '/api/v2/courses/creator/blocks',
    body: { uuid: UUID, item, values: v },
  })

  it('asks only about what differs, per field and per block, showing both sides', () => {
    const writes = [general({ name: 'My name', description: 'Same' }), values('b1', { title: 'Intro', html: '<p>Mine</p>' }), general({ keywords: ['a'] })]
    const items = conflictItems(writes, saved)
    expect(items.map((i) => i.id)).toEqual(['general:name', 'values:b1'])
    expect(items[0]).toMatchObject({ label: { key: 'aula.builder.general.name' }, mine: { text: 'My name' }, theirs: { text: 'Saved name' } })
    expect(items[1]).toMatchObject({ mine: { text: 'Intro — Mine' }, theirs: { text: 'Intro — Theirs text' } })
  })

  it('sends again only the fields and blocks the person kept', () => {
    const writes = [general({ name: 'My name', durationHours: 30 }), values('b1', { title: 'Intro', html: '<p>Mine</p>' })]
    const items = conflictItems(writes, saved)
    expect(keptWrites(writes, items, { 'general:name': 'theirs', 'general:durationHours': 'mine', 'values:b1': 'mine' })).toEqual([
      general({ durationHours: 30 }),
      writes[1],
    ])
    expect(keptWrites(writes, items, { 'general:name': 'theirs', 'general:durationHours': 'theirs', 'values:b1': 'theirs' })).toEqual([])
  })

  it('shows a catalogue choice by its name', () => {
    const items = conflictItems([general({ difficultyId: 'd-2' })], {
      ...saved,
      course: { ...saved.course, difficultyId: 'd-1' },
      choiceNames: { 'd-1': 'Easy', 'd-2': 'Hard' },
    })
    expect(items[0]).toMatchObject({ label: { key: 'aula.builder.general.difficulty' }, mine: { text: 'Hard' }, theirs: { text: 'Easy' } })
  })

  it('an edit of a block deleted meanwhile says so', () => {
    const items = conflictItems([values('gone', { title: 'Lost' })], saved)
    expect(items[0]).toMatchObject({ mine: { text: 'Lost' }, theirs: { key: 'aula.builder.conflict.deletedThere' } })
  })
})
