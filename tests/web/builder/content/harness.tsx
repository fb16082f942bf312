import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore, Notification } from 'react-admin'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { CourseSaver } from '../../../../src/builder/common/saver'
import { ContentEditor, ReviewView } from '../../../../src/builder/content'
import { dataProvider } from '../../../../src/dataProvider'
import { i18nProvider, loadBuilderTexts } from '../../../../src/i18n'

// jsdom has no layout; the rich-text editor (ProseMirror) asks for rectangles while it places the cursor.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList
Range.prototype.getClientRects ??= noRects
Range.prototype.getBoundingClientRect ??= () => new DOMRect()
Element.prototype.getClientRects ??= noRects
document.elementFromPoint ??= () => null

export const COURSE = '0b6f3c1e-8a4d-4f7e-9c2b-1d5e6f7a8b9c'
const API = '/api/v2/courses/creator'

interface Item {
  id: string
  kind: string
  section?: string
  values: Record<string, unknown>
  version: number
  history: Array<{ version: number; values: Record<string, unknown>; savedBy: string; savedByName: string | null; savedAt: string }>
}

/**
 * The content routes of the creator API over an in-memory course: enough of the server's behaviour
 * (revision check, dense positions, kept versions) for the editor's screens to be tested through HTTP.
 */
export class FakeContent {
  revision = 1
  sections: string[] = []
  blocks = new Map<string, string[]>()
  items = new Map<string, Item>()
  /** Every write as received, in order. */
  writes: Array<{ method: string; path: string; body: Record<string, unknown> }> = []
  /** Answer every write whose path ends with the key with this status (until the key is deleted). */
  refuse = new Map<string, number>()

  section(title: string, ...blocks: Array<{ kind: string; values: Record<string, unknown> }>): string {
    const id = crypto.randomUUID()
    this.put({ id, kind: 'section', values: { title }, version: 1, history: [] })
    this.sections.push(id)
    this.blocks.set(id, [])
    for (const b of blocks) {
      const blockId = crypto.randomUUID()
      this.put({ id: blockId, kind: b.kind, section: id, values: b.values, version: 1, history: [] })
      this.blocks.get(id)!.push(blockId)
    }
    return id
  }

  blockIds(section: string): string[] {
    return this.blocks.get(section) ?? []
  }

  private put(item: Item) {
    item.history = item.history.length
      ? item.history
      : [{ version: 1, values: item.values, savedBy: 'bruno', savedByName: 'Bruno Díaz', savedAt: '2026-03-01T10:00:00.000Z' }]
    this.items.set(item.id, item)
  }

  private view(id: string): Record<string, unknown> {
    const item = this.items.get(id)!
    const base = { id, kind: item.kind, values: item.values, version: item.version, updatedAt: '2026-03-01T10:00:00.000Z', updatedBy: 'ana' }
    if (item.kind === 'section')
      return { ...base, title: String(item.values.title), position: this.sections.indexOf(id), blocks: this.blockIds(id).map((b) => this.view(b)) }
    return { ...base, section: item.section!, position: this.blockIds(item.section!).indexOf(id) }
  }

  tree(): Array<Record<string, unknown>> {
    return this.sections.map((s) => this.view(s))
  }

  private save(item: Item, values: Record<string, unknown>) {
    item.version += 1
    item.values = values
    item.history.unshift({
      version: item.version,
      values,
      savedBy: 'ana',
      savedByName: 'Ana Ruiz',
      savedAt: `2026-03-0${Math.min(9, item.version)}T10:00:00.000Z`,
    })
  }

  handlers() {
    const write = (method: 'post' | 'put', path: string, apply: (body: Record<string, unknown>) => unknown) =>
      http[method](`${API}${path}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        this.writes.push({ method: request.method, path, body })
        const refused = [...this.refuse.entries()].find(([key]) => path.endsWith(key))
        if (refused) {
          return HttpResponse.json({ message: 'Refused by the test', code: 'INVALID' }, { status: refused[1] })
        }
        if (body.revision !== this.revision)
          return HttpResponse.json({ message: 'This course was changed elsewhere', code: 'STALE_REVISION', revision: this.revision }, { status: 409 })
        this.revision += 1
        const answer = apply(body)
        return HttpResponse.json({ revision: this.revision, ...(answer as object) })
      })
    return [
      http.get(`${API}/builder/blocks/:id`, () => HttpResponse.json({ items: this.tree() })),
      http.get(`${API}/builder/review/course/:id`, ({ params }) =>
        HttpResponse.json({
          Item: { uuid: params.id, name: 'Statistics for everyone', revision: this.revision, publishedVersion: null, role: 'reviewer', items: this.tree() },
        }),
      ),
      http.get(`${API}/blocks/history/:course/:block`, ({ params }) => {
        const item = this.items.get(String(params.block))
        if (!item) return HttpResponse.json({ message: 'Not authorized!', code: 'NOT_AUTHORIZED' }, { status: 404 })
        return HttpResponse.json({ items: item.history.map((h, i) => ({ ...h, kind: item.kind, current: i === 0 })) })
      }),
      write('post', '/blocks/add', (body) => {
        const id = String(body.id)
        if (body.item === 'section') {
          this.put({ id, kind: 'section', values: body.values as Record<string, unknown>, version: 1, history: [] })
          this.sections.push(id)
          this.blocks.set(id, [])
        } else {
          const section = String(body.section)
          this.put({ id, kind: String(body.item), section, values: body.values as Record<string, unknown>, version: 1, history: [] })
          this.blocks.get(section)!.push(id)
        }
        return { item: this.view(id) }
      }),
      write('put', '/blocks', (body) => {
        const item = this.items.get(String(body.item))!
        this.save(item, body.values as Record<string, unknown>)
        return { item: this.view(item.id) }
      }),
      write('post', '/blocks/delete', (body) => {
        const id = String(body.id)
        if (this.sections.includes(id)) this.sections = this.sections.filter((s) => s !== id)
        else
          for (const [s, ids] of this.blocks)
            this.blocks.set(
              s,
              ids.filter((b) => b !== id),
            )
        return { items: this.tree() }
      }),
      write('post', '/blocks/order', (body) => {
        const ids = (body.updates as Array<{ id: string; position: number }>).sort((a, b) => a.position - b.position).map((u) => u.id)
        if (typeof body.section === 'string') this.blocks.set(body.section, ids)
        else this.sections = ids
        return { items: this.tree() }
      }),
      write('put', '/blocks/move/section', (body) => {
        const block = String(body.block)
        for (const [s, ids] of this.blocks)
          this.blocks.set(
            s,
            ids.filter((b) => b !== block),
          )
        const target = [...this.blockIds(String(body.section))]
        target.splice(typeof body.position === 'number' ? body.position : target.length, 0, block)
        this.blocks.set(String(body.section), target)
        this.items.get(block)!.section = String(body.section)
        return { items: this.tree() }
      }),
      write('post', '/blocks/restore', (body) => {
        const item = this.items.get(String(body.block))!
        const old = item.history.find((h) => h.version === body.version)!
        this.save(item, old.values)
        return { item: this.view(item.id) }
      }),
    ]
  }
}

/** One msw server per test file, a fresh fake course and saver per test, texts in English. */
export function useContentServer() {
  const ctx = { content: new FakeContent(), server: setupServer(), savers: [] as CourseSaver[] }
  beforeAll(async () => {
    ctx.server.listen({ onUnhandledRequest: 'error' })
    await i18nProvider.changeLocale('eng')
    await loadBuilderTexts()
  })
  beforeEach(() => {
    ctx.content = new FakeContent()
    ctx.server.resetHandlers(...ctx.content.handlers())
  })
  afterEach(() => {
    for (const saver of ctx.savers) saver.dispose()
    ctx.savers = []
  })
  afterAll(() => ctx.server.close())
  return ctx
}

/** The content tab of `COURSE` for a creator with `role`, with the builder's real saver (short pause). */
export function renderEditor(ctx: ReturnType<typeof useContentServer>, role = 'owner') {
  const saver = new CourseSaver({ uuid: COURSE, revision: ctx.content.revision, debounceMs: 50 })
  ctx.savers.push(saver)
  const view = render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} store={memoryStore()}>
      <ContentEditor course={{ uuid: COURSE, role }} saver={saver} />
      <Notification />
    </AdminContext>,
  )
  return { ...view, saver }
}

export function renderReview() {
  return render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} store={memoryStore()}>
      <ReviewView course={{ uuid: COURSE }} />
    </AdminContext>,
  )
}
