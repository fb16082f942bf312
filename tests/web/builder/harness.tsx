import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { BuilderScreen, CourseListScreen, ReviewScreen } from '../../../src/builder/screens'
import { dataProvider } from '../../../src/dataProvider'
import type { ImportReportResponse } from '../../../contracts/courses/cartridge'
import type { ValidationItem } from '../../../contracts/courses/content'
import type { CourseDraft, CourseSummary } from '../../../contracts/courses/creator'

/** A validation answer as the tests write it: each item's message only where it matters. */
type Validation = { ok: boolean; items: Array<Pick<ValidationItem, 'key' | 'ok'> & Partial<ValidationItem>> }
import { i18nProvider, loadBuilderTexts } from '../../../src/i18n'

export const COURSE = '5a3c9f0e-1b2d-4c3e-8f4a-6b7c8d9e0f1a'
const API = '/api/v2/courses/creator'

export const draft = (over: Partial<CourseDraft> = {}): CourseDraft =>
  ({
    uuid: COURSE,
    revision: 1,
    name: 'Statistics for everyone',
    durationHours: 12,
    briefDescription: 'Numbers, plainly',
    description: '',
    requirements: '',
    certificateDetails: '',
    statusId: null,
    difficultyId: null,
    categoryId: null,
    organizationId: null,
    certificateId: null,
    keywords: ['data'],
    salesEnabled: false,
    cover: null,
    thumbnail: null,
    presentation: null,
    template: null,
    faq: [],
    tags: [],
    plans: [],
    collaborators: [],
    createdBy: 'sub-ana',
    role: 'owner',
    publishedVersion: null,
    publishedAt: null,
    ...over,
  }) as CourseDraft

export const summary = (n: number, over: Partial<CourseSummary> = {}): CourseSummary =>
  ({
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Course ${n}`,
    cover: null,
    coverUrl: null,
    status: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    role: 'owner',
    publishedVersion: null,
    revision: 1,
    ...over,
  }) as CourseSummary

/**
 * The creator API over one in-memory course and a list of summaries: the revision check of every
 * write, the answers the builder reads, and every request as received.
 */
export class FakeCourses {
  course: CourseDraft | null = draft()
  courses: CourseSummary[] = []
  requests: Array<{ method: string; path: string; body?: Record<string, unknown> }> = []
  validation: Validation = { ok: true, items: [] }
  /** Paths whose next answer is this status (taken once). */
  failOnce = new Map<string, number>()
  /** Paths that get no answer at all (network failure) while listed. */
  offline = new Set<string>()
  started: string[] = []
  /** What `import/report/:id` answers (a course made by a Common Cartridge import shows it). */
  importReport: ImportReportResponse = { report: null, importedAt: null }
  /** The course's question banks. */
  banks: Array<{ id: string; name: string; questions: unknown[] }> = []

  writes(path?: string) {
    return this.requests.filter((r) => r.method !== 'GET' && (!path || r.path === path))
  }

  handlers() {
    const track = async (request: Request, path: string) => {
      const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : ((await request.json()) as Record<string, unknown>)
      this.requests.push({ method: request.method, path, body })
      return body
    }
    const failure = (path: string) => {
      if (this.offline.has(path)) return HttpResponse.error()
      const status = this.failOnce.get(path)
      if (status) {
        this.failOnce.delete(path)
        return HttpResponse.json({ message: 'Refused by the test' }, { status })
      }
      return null
    }
    const write = (
      method: 'post' | 'put',
      path: string,
      apply: (course: CourseDraft, body: Record<string, unknown>) => Record<string, unknown> | Response | void,
    ) =>
      http[method](`${API}${path}`, async ({ request }) => {
        const url = new URL(request.url).pathname.slice(API.length)
        const body = (await track(request, url))!
        const failed = failure(url)
        if (failed) return failed
        const course = this.course
        if (!course) return HttpResponse.json({ message: 'Not authorized!', code: 'NOT_AUTHORIZED' }, { status: 404 })
        if (body.revision !== course.revision)
          return HttpResponse.json({ message: 'This course was changed elsewhere', code: 'STALE_REVISION', revision: course.revision }, { status: 409 })
        const answer = apply(course, body)
        if (answer instanceof Response) return answer
        course.revision += 1
        return HttpResponse.json({ revision: course.revision, ...(answer ?? {}) })
      })
    const read = (path: string, answer: (params: Record<string, string>, url: URL) => unknown) =>
      http.get(`${API}${path}`, async ({ request, params }) => {
        const url = new URL(request.url)
        await track(request, url.pathname.slice(API.length) + url.search)
        const failed = failure(url.pathname.slice(API.length))
        if (failed) return failed
        const value = answer(params as Record<string, string>, url)
        return value instanceof Response ? value : HttpResponse.json(value as Record<string, unknown>)
      })
    const page = (params: Record<string, string>) => {
      const search = (params.search ?? '').toLowerCase()
      const filter = params.filter ?? 'all'
      return this.courses.filter(
        (c) => (!search || c.name.toLowerCase().includes(search)) && (filter === 'all' || (filter === 'mine' ? c.role === 'owner' : c.role === 'collaborator')),
      )
    }
    const list = (params: Record<string, string>) => {
      const n = Number(params.page)
      return { items: page(params).slice((n - 1) * 10, n * 10) }
    }
    const count = (params: Record<string, string>) => ({ count: page(params).length, pageSize: 10, pages: Math.ceil(page(params).length / 10) })
    return [
      read('/all/:page/:filter', list),
      read('/all/:page/:filter/:search', list),
      read('/count/:page/:filter', count),
      read('/count/:page/:filter/:search', count),
      read('/:kind/all', (params) => ({ items: [{ id: `${params.kind}-1`, name: `First ${params.kind}`, description: '' }] })),
      read('/builder/:id', () =>
        this.course ? { Item: this.course } : HttpResponse.json({ message: 'Not authorized!', code: 'NOT_AUTHORIZED' }, { status: 404 }),
      ),
      read('/builder/blocks/:id', () => ({ items: [] })),
      read('/builder/banks/:id', () => ({
        revision: this.course?.revision ?? 1,
        items: this.banks.map((b) => ({ ...b, updatedAt: '2026-03-01T10:00:00.000Z', updatedBy: 'Ana' })),
      })),
      read('/publish/validate/:id', () => this.validation),
      read('/import/report/:id', () => this.importReport),
      http.delete(`${API}/import/report/:id`, async ({ request }) => {
        await track(request, new URL(request.url).pathname.slice(API.length))
        this.importReport = { report: null, importedAt: null }
        return HttpResponse.json(this.importReport)
      }),
      http.post(`${API}/start`, async ({ request }) => {
        const body = (await track(request, '/start'))!
        this.started.push(String(body.name))
        this.course = draft({ name: String(body.name), briefDescription: '', durationHours: null, keywords: [] })
        return HttpResponse.json({ uuid: COURSE, revision: 1 })
      }),
      http.post(`${API}/publish/all`, async ({ request }) => {
        await track(request, '/publish/all')
        const failed = failure('/publish/all')
        if (failed) return failed
        if (!this.validation.ok)
          return HttpResponse.json({ message: 'The course is not ready', items: this.validation.items.filter((i) => !i.ok) }, { status: 409 })
        this.course!.publishedVersion = (this.course!.publishedVersion ?? 0) + 1
        this.course!.publishedAt = '2026-03-02T10:00:00.000Z'
        return HttpResponse.json({ version: this.course!.publishedVersion, publishedAt: this.course!.publishedAt })
      }),
      write('put', '/builder/update-general', (course, body) => {
        const { uuid: _u, revision: _r, ...fields } = body
        Object.assign(course, fields)
      }),
      write('post', '/builder/faq-update/', (course, body) => {
        course.faq = body.items as CourseDraft['faq']
        return { items: course.faq }
      }),
      write('post', '/builder/tags-update/', (course, body) => {
        course.tags = body.items as string[]
        return { items: course.tags }
      }),
      write('post', '/builder/subscription-update/', (course, body) => {
        const items = body.items as CourseDraft['plans']
        // As the route answers: one message per field, keyed by its path in the body.
        const errors: Record<string, string> = {}
        const names = new Set<string>()
        items.forEach((p, i) => {
          if (!Number.isInteger(p.durationDays) || p.durationDays < 1) errors[`items.${i}.durationDays`] = 'Invalid duration time'
          if (names.has(p.name.toLowerCase())) errors[`items.${i}.name`] = 'Another plan has this name'
          names.add(p.name.toLowerCase())
        })
        if (Object.keys(errors).length) return HttpResponse.json({ message: 'Invalid request', code: 'VALIDATION', errors }, { status: 400 })
        course.plans = items.map((p) => ({ ...p, id: p.id ?? crypto.randomUUID(), subscribed: false, reminderDays: p.reminderDays ?? [14, 3, 0] }))
        return { items: course.plans }
      }),
      write('put', '/builder/share/add/collaborators/:id', (course, body) => {
        if (body.username === 'ana') return HttpResponse.json({ message: "You're already owner of the course" }, { status: 409 })
        if (body.username === 'nobody') return HttpResponse.json({ message: 'User not found' }, { status: 404 })
        const role = body.role === 'grader' ? 'grader' : 'collaborator'
        const known = course.collaborators.find((c) => c.username === String(body.username))
        course.collaborators = known
          ? course.collaborators.map((c) => (c === known ? { ...c, role } : c))
          : [...course.collaborators, { username: String(body.username), name: `Name of ${body.username}`, role, addedAt: new Date().toISOString() }]
        return { items: course.collaborators }
      }),
      write('post', '/banks/add', (_course, body) => {
        const bank = { id: String(body.id), name: String(body.name), questions: body.questions as unknown[] }
        this.banks.push(bank)
        return { bank: { ...bank, updatedAt: '2026-03-01T10:00:00.000Z', updatedBy: 'Ana' } }
      }),
      write('put', '/banks', (_course, body) => {
        const bank = this.banks.find((b) => b.id === body.bank)
        if (!bank) return HttpResponse.json({ message: 'Bank not found' }, { status: 404 })
        Object.assign(bank, { name: body.name, questions: body.questions })
        return { bank: { ...bank, updatedAt: '2026-03-01T10:00:00.000Z', updatedBy: 'Ana' } }
      }),
      write('post', '/banks/delete', (_course, body) => {
        this.banks = this.banks.filter((b) => b.id !== body.id)
      }),
      write('put', '/builder/share/remove/collaborators/:id', (course, body) => {
        course.collaborators = course.collaborators.filter((c) => c.username !== body.username)
        return { items: course.collaborators }
      }),
    ]
  }
}

/** One msw server per test file, a fresh fake API per test, texts in English. */
export function useBuilderServer() {
  const ctx = { api: new FakeCourses(), server: setupServer() }
  beforeAll(async () => {
    ctx.server.listen({ onUnhandledRequest: 'error' })
    await i18nProvider.changeLocale('eng')
    await loadBuilderTexts()
  })
  beforeEach(() => {
    ctx.api = new FakeCourses()
    ctx.server.resetHandlers(...ctx.api.handlers())
  })
  afterEach(() => localStorage.clear())
  afterAll(() => ctx.server.close())
  return ctx
}

function Where() {
  const { pathname, search } = useLocation()
  return <output aria-label="location">{pathname + search}</output>
}

/** The builder's routes as App.tsx declares them, for a signed-in member of `groups`. */
export function renderBuilder(path: string, groups: string[] = ['creator']) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => groups,
    getIdentity: async () => ({ id: 'sub-ana', fullName: 'Ana' }),
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()}>
        <Routes>
          <Route path="/creator/courses" element={<CourseListScreen />} />
          <Route path="/creator/courses/:uuid" element={<BuilderScreen />} />
          <Route path="/creator/courses/:uuid/review" element={<ReviewScreen />} />
          <Route path="/creator/courses/:uuid/:tab" element={<BuilderScreen />} />
          <Route path="/creator-old/courses/:uuid/:tab" element={<BuilderScreen />} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  )
}
