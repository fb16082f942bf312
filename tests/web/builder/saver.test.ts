import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CourseSaver, pendingKey, type PendingWrite, type WriteAnswer } from '../../../src/builder/common/saver'
import { ApiError } from '../../../src/dataProvider/http'

const UUID = '11111111-1111-4111-8111-111111111111'
const general = (body: Record<string, unknown>): PendingWrite => ({ key: 'general', method: 'PUT', url: '/api/v2/courses/creator/builder/update-general', body: { uuid: UUID, ...body } })
const faq = (items: unknown[]): PendingWrite => ({ key: 'faq', method: 'POST', url: '/api/v2/courses/creator/builder/faq-update/', body: { uuid: UUID, items } })

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

const stale = (current: number) => new ApiError('Invalid operation', 'This course was changed elsewhere', 409, { message: 'This course was changed elsewhere', code: 'STALE_REVISION', revision: current })
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

  it('keeps pending writes in localStorage, and a new page of the course sends them', async () => {
    const api = server()
    const first = make({ send: api.send })
    void first.enqueue(general({ name: 'Kept' }))
    void first.enqueue(faq([{ id: 'q', question: 'Q?', answer: 'A.' }]))
    const stored = JSON.parse(localStorage.getItem(pendingKey(UUID)) ?? '{}') as { writes: PendingWrite[] }
    expect(stored.writes.map((w) => w.key)).toEqual(['general', 'faq'])
    // The tab closes before the pause ends: nothing was sent.
    first.dispose()
    expect(api.send).not.toHaveBeenCalled()

    const api2 = server()
    const second = make({ send: api2.send, revision: 9 })
    expect(second.pendingBody('general')).toEqual({ uuid: UUID, name: 'Kept' })
    expect(second.hasPending).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    await second.whenIdle()
    expect(api2.sent.map((s) => [s.write.key, s.revision])).toEqual([
      ['general', 9],
      ['faq', 10],
    ])
    expect(localStorage.getItem(pendingKey(UUID))).toBeNull()
  })

  it('keeps writes while offline and sends them when the browser is back online', async () => {
    const api = server()
    let online = false
    const saver = make({ send: api.send, online: () => online })
    void saver.enqueue(general({ name: 'Offline edit' }))
    await vi.advanceTimersByTimeAsync(1000)
    expect(saver.status).toBe('offline')
    expect(api.send).not.toHaveBeenCalled()
    expect(localStorage.getItem(pendingKey(UUID))).toContain('Offline edit')
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

  it('pauses on a stale revision and replays the pending edits on top of the reloaded course', async () => {
    const api = server()
    const saver = make({ send: api.send })
    const listener = vi.fn()
    saver.subscribe(listener)
    api.failNext(stale(12))
    void saver.enqueue(general({ name: 'Mine' }), { debounce: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.status).toBe('conflict')
    expect(listener).toHaveBeenCalled()
    // Typing goes on during the conflict: it joins the queue (merged with the waiting edit) and nothing is sent.
    void saver.enqueue(general({ description: 'More' }))
    void saver.enqueue(faq([]))
    await vi.advanceTimersByTimeAsync(5000)
    expect(api.sent).toHaveLength(0)
    expect(saver.pendingBody('general')).toEqual({ uuid: UUID, name: 'Mine', description: 'More' })
    saver.resume(12)
    await vi.advanceTimersByTimeAsync(0)
    await saver.whenIdle()
    expect(api.sent.map((s) => [s.revision, s.write.body])).toEqual([
      [12, { uuid: UUID, name: 'Mine', description: 'More' }],
      [13, { uuid: UUID, items: [] }],
    ])
    expect(saver.status).toBe('saved')
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

  it('keeps another tab’s stored writes of the same course when it saves its own', async () => {
    const api = server()
    localStorage.setItem(pendingKey(UUID), JSON.stringify({ writes: [] }))
    const saver = make({ send: api.send })
    // Another tab stores a write after this one started.
    localStorage.setItem(pendingKey(UUID), JSON.stringify({ writes: [{ ...faq([]), owner: 'other-tab' }] }))
    void saver.enqueue(general({ name: 'Here' }))
    const stored = JSON.parse(localStorage.getItem(pendingKey(UUID)) ?? '{}') as { writes: Array<PendingWrite & { owner: string }> }
    expect(stored.writes.map((w) => [w.key, w.owner === 'other-tab'])).toEqual([
      ['faq', true],
      ['general', false],
    ])
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

  it('ignores a damaged stored queue', () => {
    localStorage.setItem(pendingKey(UUID), '{not json')
    const saver = make({ send: server().send })
    expect(saver.pending()).toEqual([])
    expect(saver.status).toBe('saved')
  })
})
