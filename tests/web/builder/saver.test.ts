import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordKey, type PendingRecord } from '../../../src/builder/common/pendingStore'
import { CourseSaver, DroppedEdit, type PendingWrite, type WriteAnswer } from '../../../src/builder/common/saver'
import { ApiError } from '../../../src/dataProvider/http'

const UUID = '11111111-1111-4111-8111-111111111111'
const general = (body: Record<string, unknown>): PendingWrite => ({
  key: 'general',
  method: 'PUT',
  url: '/api/v2/courses/creator/builder/update-general',
  body: { uuid: UUID, ...body },
})
const faq = (items: unknown[]): PendingWrite => ({
  key: 'faq',
  method: 'POST',
  url: '/api/v2/courses/creator/builder/faq-update/',
  body: { uuid: UUID, items },
})

/** A fake server: records every write with the revision it carried, answers revision + 1. */
function server() {
  const sent: Array<{ write: PendingWrite; revision: number }> = []
  let failures: unknown[] = []
  let hold: Promise<void> | null = null
  const send = vi.fn(async (write: PendingWrite, revision: number): Promise<WriteAnswer> => {
    if (hold) await hold
    const failure = failures.shift()
    if (failure) throw failure
    sent.push({ write: structuredClone(write), revision })
    return { revision: revision + 1 }
  })
  return {
    send,
    sent,
    failNext: (...errors: unknown[]) => (failures = errors),
    /** Holds every answer until the returned function is called. */
    holdAnswers: () => {
      let release = () => {}
      hold = new Promise<void>((r) => (release = r))
      return () => {
        hold = null
        release()
      }
    },
  }
}

const stale = (current: number) =>
  new ApiError('Invalid operation', 'This course was changed elsewhere', 409, {
    message: 'This course was changed elsewhere',
    code: 'STALE_REVISION',
    revision: current,
  })
const network = () => new ApiError('error de red o error en el servidor', undefined, 0, null)

let savers: CourseSaver[] = []
function make(options: Partial<ConstructorParameters<typeof CourseSaver>[0]> & { send: ConstructorParameters<typeof CourseSaver>[0]['send'] }) {
  const saver = new CourseSaver({ uuid: UUID, revision: 5, debounceMs: 1000, retryMs: 2000, ...options })
  savers.push(saver)
  return saver
}

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
})
afterEach(() => {
  for (const s of savers) s.dispose()
  savers = []
  vi.useRealTimers()
})

describe('the course saver', () => {
  it('coalesces edits of one key made during a pause into one write carrying the last values', async () => {
    const api = server()
    const saver = make({ send: api.send })
    void saver.enqueue(general({ name: 'A' }))
    void saver.enqueue(general({ name: 'Al' }))
    void saver.enqueue(general({ description: 'Text' }))
    const done = saver.enqueue(general({ name: 'Algebra' }))
    expect(saver.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(999)
    expect(api.send).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(done).resolves.toEqual({ revision: 6 })
    expect(api.sent).toEqual([{ write: general({ name: 'Algebra', description: 'Text' }), revision: 5 }])
    expect(saver.status).toBe('saved')
    expect(saver.revision).toBe(6)
  })

  it('keeps the order of different writes and carries each answer’s revision into the next write', async () => {
    const api = server()
    const saver = make({ send: api.send })
    void saver.enqueue(general({ name: 'One' }))
    void saver.enqueue(faq([{ id: 'q1', question: 'Q', answer: 'A' }]))
    void saver.enqueue(general({ name: 'Two' }))
    await vi.advanceTimersByTimeAsync(1000)
    await saver.whenIdle()
    expect(api.sent.map((s) => [s.write.key, s.revision, s.write.body.name])).toEqual([
      ['general', 5, 'One'],
      ['faq', 6, undefined],
      ['general', 7, 'Two'],
    ])
    expect(saver.revision).toBe(8)
  })

  it('does not merge into a write already on its way', async () => {
    const api = server()
    const saver = make({ send: api.send })
    const release = api.holdAnswers()
    void saver.enqueue(general({ name: 'First' }), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.status).toBe('saving')
    void saver.enqueue(general({ name: 'Second' }))
    release()
    await vi.advanceTimersByTimeAsync(1000)
    await saver.whenIdle()
    expect(api.sent.map((s) => s.write.body.name)).toEqual(['First', 'Second'])
  })

  it('sends a write made without debounce at once, taking the earlier ones along in order', async () => {
    const api = server()
    const saver = make({ send: api.send })
    void saver.enqueue(general({ name: 'Typed' }))
    void saver.enqueue(faq([]), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    expect(api.sent.map((s) => s.write.key)).toEqual(['general', 'faq'])
  })

  it('keeps pending writes in this page’s own record, with the revision they were made against, and never sends another page’s', async () => {
    const api = server()
    const first = make({ send: api.send })
    void first.enqueue(general({ name: 'Kept' }))
    void first.enqueue(faq([{ id: 'q', question: 'Q?', answer: 'A.' }]))
    const stored = JSON.parse(localStorage.getItem(recordKey(UUID, first.store.writer)) ?? '{}') as PendingRecord
    expect(stored.writes.map((w) => w.key)).toEqual(['general', 'faq'])
    expect(stored.baseRevision).toBe(5)
    expect(stored.tab).toBe(first.store.tab)
    // The tab closes before the pause ends: nothing was sent, the record stays.
    first.dispose()
    expect(api.send).not.toHaveBeenCalled()

    // A new page of the course starts clean: the closed page's edits are not its own and go nowhere by themselves.
    const api2 = server()
    const second = make({ send: api2.send, revision: 9 })
    expect(second.hasPending).toBe(false)
    expect(second.pendingBody('general')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api2.send).not.toHaveBeenCalled()
    expect(localStorage.getItem(recordKey(UUID, first.store.writer))).not.toBeNull()

    // Restored by the person (after the comparison with the saved course), they go out on top of it.
    void second.adopt(stored.writes, 9)
    await vi.advanceTimersByTimeAsync(0)
    await second.whenIdle()
    expect(api2.sent.map((s) => [s.write.key, s.revision])).toEqual([
      ['general', 9],
      ['faq', 10],
    ])
    expect(localStorage.getItem(recordKey(UUID, second.store.writer))).toBeNull()
  })

  it('keeps writes while offline and sends them when the browser is back online', async () => {
    const api = server()
    let online = false
    const saver = make({ send: api.send, online: () => online })
    void saver.enqueue(general({ name: 'Offline edit' }))
    await vi.advanceTimersByTimeAsync(1000)
    expect(saver.status).toBe('offline')
    expect(api.send).not.toHaveBeenCalled()
    expect(localStorage.getItem(recordKey(UUID, saver.store.writer))).toContain('Offline edit')
    online = true
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    expect(api.sent.map((s) => s.write.body.name)).toEqual(['Offline edit'])
    expect(saver.status).toBe('saved')
  })

  it('retries a write that got no answer, with a growing delay, and loses nothing', async () => {
    const api = server()
    const saver = make({ send: api.send })
    api.failNext(network(), network())
    void saver.enqueue(general({ name: 'Retry me' }), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.status).toBe('offline')
    expect(saver.pending()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(api.send).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(3999)
    expect(api.send).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await saver.whenIdle()
    expect(api.sent.map((s) => s.write.body.name)).toEqual(['Retry me'])
    expect(saver.status).toBe('saved')
  })

  it('treats a server error (5xx) as passing trouble: retrying, not dropped', async () => {
    const api = server()
    const saver = make({ send: api.send })
    api.failNext(new ApiError('Error', undefined, 503, null))
    void saver.enqueue(general({ name: 'X' }), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.status).toBe('retrying')
    saver.flush()
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    expect(api.sent).toHaveLength(1)
  })

  it('stops on a stale revision and sends nothing again until the person chooses; only what they keep goes out', async () => {
    const api = server()
    const saver = make({ send: api.send })
    const listener = vi.fn()
    saver.subscribe(listener)
    api.failNext(stale(12))
    const name = saver.enqueue(general({ name: 'Mine' }), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.status).toBe('conflict')
    expect(listener).toHaveBeenCalled()
    // Typing goes on during the conflict: it joins the queue (merged with the waiting edit) and nothing is sent.
    void saver.enqueue(general({ description: 'More' }))
    const list = saver.enqueue(faq([]))
    await vi.advanceTimersByTimeAsync(60_000)
    saver.flush()
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.sent).toHaveLength(0)
    expect(saver.status).toBe('conflict')
    // The refused edits stay in the page's record, marked as refused.
    const stored = JSON.parse(localStorage.getItem(recordKey(UUID, saver.store.writer)) ?? '{}') as PendingRecord
    expect(stored.conflict).toBe(true)
    expect(saver.pendingBody('general')).toEqual({ uuid: UUID, name: 'Mine', description: 'More' })

    // The person keeps their description and takes the saved name and FAQ.
    const decided = saver.pending()
    saver.resolve(12, [general({ description: 'More' })], decided)
    await expect(list).rejects.toBeInstanceOf(DroppedEdit)
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    await expect(name).resolves.toEqual({ revision: 13 })
    expect(api.sent.map((s) => [s.revision, s.write.body])).toEqual([[12, { uuid: UUID, description: 'More' }]])
    expect(saver.status).toBe('saved')
    expect(localStorage.getItem(recordKey(UUID, saver.store.writer))).toBeNull()
  })

  it('taking every saved value sends nothing and leaves the page saved', async () => {
    const api = server()
    const saver = make({ send: api.send })
    api.failNext(stale(8))
    const edit = saver.enqueue(general({ name: 'Mine' }), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    saver.resolve(8, [])
    await expect(edit).rejects.toBeInstanceOf(DroppedEdit)
    expect(saver.status).toBe('saved')
    expect(saver.revision).toBe(8)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.send).toHaveBeenCalledTimes(1)
  })

  it('drops a refused write (its promise rejects), says so, and goes on with the next one', async () => {
    const api = server()
    const saver = make({ send: api.send })
    const refusal = new ApiError('Invalid operation', "You're already owner of the course", 409, { message: "You're already owner of the course" })
    api.failNext(refusal)
    const first = saver.enqueue({ key: 'collaborator:add:me', method: 'PUT', url: '/x', body: { username: 'me' } }, { debounce: false })
    const second = saver.enqueue(general({ name: 'After' }), { debounce: false })
    await expect(first).rejects.toBe(refusal)
    await expect(second).resolves.toEqual({ revision: 6 })
    expect(api.sent.map((s) => s.write.key)).toEqual(['general'])
  })

  it('shows the refusal until the next write is saved', async () => {
    const api = server()
    const saver = make({ send: api.send })
    api.failNext(new ApiError('Bad', undefined, 400, {}))
    await saver.enqueue(general({ name: '' }), { debounce: false }).catch(() => undefined)
    expect(saver.status).toBe('refused')
    expect(saver.error).toHaveProperty('status', 400)
    await vi.advanceTimersByTimeAsync(0)
    const next = saver.enqueue(general({ name: 'Fine' }), { debounce: false })
    await next
    expect(saver.status).toBe('saved')
  })

  it('never rests at "saved" while a refusal with field messages waits for its fix', async () => {
    const api = server()
    const saver = make({ send: api.send })
    api.failNext(new ApiError('Bad', undefined, 400, { message: 'Invalid request', code: 'VALIDATION', errors: { 'items.0.question': 'Required' } }))
    await saver.enqueue(faq([{ question: '' }]), { debounce: false }).catch(() => undefined)
    expect(saver.status).toBe('invalid')
    expect(saver.held('faq')?.error).toHaveProperty('status', 400)
    await vi.advanceTimersByTimeAsync(0)
    // Another edit is saved: the refused one still is not.
    await saver.enqueue(general({ name: 'Fine' }), { debounce: false })
    expect(saver.status).toBe('invalid')
    // The same list sent again and accepted is the fix.
    await saver.enqueue(faq([{ question: 'Why?' }]), { debounce: false })
    expect(saver.status).toBe('saved')
    expect(saver.held('faq')).toBeUndefined()
  })

  it('rests at "invalid" while the screen holds an edit back, until it lets it go', () => {
    const saver = make({ send: server().send })
    saver.hold('plans', { rows: [] })
    expect(saver.status).toBe('invalid')
    saver.release('plans')
    expect(saver.status).toBe('saved')
  })

  it('asks the browser to confirm leaving while anything is pending, and flushes', async () => {
    const api = server()
    const saver = make({ send: api.send })
    const idle = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(idle)
    expect(idle.defaultPrevented).toBe(false)
    void saver.enqueue(general({ name: 'Unsaved' }))
    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    expect(api.sent).toHaveLength(1)
  })

  it('two pages of one course keep their records apart', async () => {
    const api = server()
    const one = make({ send: api.send })
    const two = make({ send: api.send })
    void one.enqueue(general({ name: 'One' }))
    void two.enqueue(faq([]))
    const read = (s: CourseSaver) => (JSON.parse(localStorage.getItem(recordKey(UUID, s.store.writer)) ?? '{}') as PendingRecord).writes.map((w) => w.key)
    expect(read(one)).toEqual(['general'])
    expect(read(two)).toEqual(['faq'])
    await vi.advanceTimersByTimeAsync(1000)
    await one.whenIdle()
    await two.whenIdle()
    expect(localStorage.getItem(recordKey(UUID, one.store.writer))).toBeNull()
  })

  it('replaces instead of merging when asked (a whole list)', async () => {
    const api = server()
    const saver = make({ send: api.send })
    void saver.enqueue({ ...faq([1]), body: { uuid: UUID, items: [1], extra: true } }, { merge: false })
    void saver.enqueue(faq([1, 2]), { merge: false })
    await vi.advanceTimersByTimeAsync(1000)
    await saver.whenIdle()
    expect(api.sent[0].write.body).toEqual({ uuid: UUID, items: [1, 2] })
  })

  it('says offline as soon as the browser does, while edits wait', async () => {
    const api = server()
    let online = true
    const saver = make({ send: api.send, online: () => online })
    void saver.enqueue(general({ name: 'Later' }))
    expect(saver.status).toBe('pending')
    online = false
    window.dispatchEvent(new Event('offline'))
    expect(saver.status).toBe('offline')
    online = true
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    expect(saver.status).toBe('saved')
    expect(api.sent).toHaveLength(1)
  })
})
