import { afterEach, describe, expect, it, vi } from 'vitest'
import { CertificateDrawer } from '../../server/certificates/drawing.js'
import type { CertificateContent } from '../../server/certificates/pdf.js'
import { DrawAhead } from '../../server/certificates/ahead.js'
import { ServiceBusyError } from '../../server/http/busy.js'

/**
 * The drawing pool's own promises, with a stand-in worker whose behaviour the learner's name picks:
 * 'crash' throws, 'exit' stops the thread, 'hang' never answers, anything else answers a tiny "PDF"
 * naming the learner and the template's size.
 */
const STAND_IN = new URL(
  `data:text/javascript,${encodeURIComponent(`
import { parentPort } from 'node:worker_threads'
parentPort.on('message', ({ id, content, template }) => {
  if (content.learner === 'crash') throw new Error('drawing failed badly')
  if (content.learner === 'exit') process.exit(3)
  if (content.learner === 'hang') for (;;);
  const pdf = new TextEncoder().encode('%PDF-' + content.learner + ':' + (template ? template.byteLength : 'none')).buffer
  parentPort.postMessage({ id, pdf, ms: 40 }, [pdf])
})`)}`,
)

const content = (learner: string): CertificateContent => ({
  learner,
  course: 'Physik',
  hours: 4,
  issuedAt: new Date('2026-03-05T12:00:00Z'),
  code: 'ABCD2345WXYZ',
  verifyUrl: 'https://aula.example/certificates/verify/ABCD-2345-WXYZ',
  locale: 'eng',
})

const drawers: CertificateDrawer[] = []
function drawer(options: Partial<ConstructorParameters<typeof CertificateDrawer>[0]> = {}) {
  const log = { warn: vi.fn(), error: vi.fn() }
  const d = new CertificateDrawer({ workers: 1, maxWaiting: 10, log, entry: STAND_IN, ...options })
  drawers.push(d)
  return { d, log }
}
afterEach(async () => {
  await Promise.all(drawers.splice(0).map((d) => d.close()))
})

describe('the certificate drawing pool', () => {
  it('hands the template to the worker and answers the PDF bytes', async () => {
    const { d } = drawer({ workers: 2 })
    const template = new Uint8Array(10_000).fill(7)
    const [a, b] = await Promise.all([d.draw(content('Ana'), template), d.draw(content('Ben'), null)])
    expect(a.toString()).toBe('%PDF-Ana:10000')
    expect(b.toString()).toBe('%PDF-Ben:none')
    // A small buffer sharing its memory with others is copied, not taken away.
    const shared = Buffer.from('%PDF-1.7 a small template')
    expect((await d.draw(content('Cleo'), shared)).toString()).toBe(`%PDF-Cleo:${shared.length}`)
    expect(shared.toString()).toBe('%PDF-1.7 a small template')
  })

  it.each(['crash', 'exit'])('fails the drawing of a worker that stops (%s), logs it and replaces the worker', async (how) => {
    const { d, log } = drawer()
    const failed = d.draw(content(how), null)
    const next = d.draw(content('After'), null)
    await expect(failed).rejects.toThrow(/the certificate drawing worker stopped before the PDF was drawn/)
    expect(log.error).toHaveBeenCalledOnce()
    expect((await next).toString()).toBe('%PDF-After:none')
  })

  it('stops a drawing that takes too long, and the next one is drawn', async () => {
    const { d } = drawer({ timeoutMs: 300 })
    await expect(d.draw(content('hang'), null)).rejects.toThrow(/took longer than 300 ms/)
    expect((await d.draw(content('Next'), null)).toString()).toBe('%PDF-Next:none')
  })

  it('refuses a drawing as busy when the queue is full, with the seconds to wait', async () => {
    const { d } = drawer({ maxWaiting: 1 })
    const first = d.draw(content('One'), null)
    const second = d.draw(content('Two'), null)
    const third = d.draw(content('Three'), null)
    await expect(third).rejects.toBeInstanceOf(ServiceBusyError)
    await expect(third).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) })
    expect((await first).toString()).toBe('%PDF-One:none')
    expect((await second).toString()).toBe('%PDF-Two:none')
  })

  it('fails what waits when it is closed, and every later drawing', async () => {
    const { d } = drawer()
    const drawing = d.draw(content('hang'), null)
    const waiting = d.draw(content('Later'), null)
    const failures = [expect(waiting).rejects.toThrow(/closed/), expect(drawing).rejects.toThrow(/stopped before the PDF was drawn: the pool was closed/)]
    await d.close()
    await Promise.all(failures)
    await expect(d.draw(content('Never'), null)).rejects.toThrow(/closed/)
  })
})

describe('drawing ahead what was refused as busy', () => {
  it('draws the refused in the order refused, a few at a time, without being asked again, and says when each is likely done', async () => {
    const { d, log } = drawer({ maxWaiting: 1 })
    const ahead = new DrawAhead({ drawer: d, concurrency: 2, max: 100, log })
    const drawn: string[] = []
    let running = 0
    let most = 0
    const job = (i: number) => async () => {
      most = Math.max(most, ++running)
      try {
        drawn.push((await d.draw(content(`Crowd ${i}`), null, true)).toString())
      } finally {
        running--
      }
    }
    const waits = Array.from({ length: 60 }, (_, i) => ahead.defer(`key ${i}`, job(i))!)
    // No drawing measured yet: each counts as 100 ms, one worker.
    expect(waits[0]).toBe(1)
    expect(waits).toEqual([...waits].sort((a, b) => a - b))
    expect(waits[59]).toBeGreaterThanOrEqual(5)
    // Refused again before its turn, a download keeps its place and is drawn once.
    expect(ahead.defer('key 59', job(99))).toBeLessThanOrEqual(waits[59]!)
    await vi.waitFor(() => expect(drawn).toHaveLength(60), { timeout: 10_000 })
    expect(drawn).toEqual(Array.from({ length: 60 }, (_, i) => `%PDF-Crowd ${i}:none`))
    expect(most).toBe(2)
    expect(ahead.size).toBe(0)
  })

  it('remembers a bounded number of drawings: beyond, a refused download is only told to come back', async () => {
    const { d, log } = drawer()
    const ahead = new DrawAhead({ drawer: d, concurrency: 0, max: 2, log })
    expect(ahead.defer('a', async () => undefined)).toBe(1)
    expect(ahead.defer('b', async () => undefined)).toBe(1)
    expect(ahead.defer('c', async () => undefined)).toBeNull()
  })
})
