/** The course player's tests' shared fixture: a fake learner API over one course of five blocks, and the player rendered at an address. */
import { render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from 'vitest'
import type { AttemptResult, FormResult, LearnerForm, LearnerFormQuestion as AttemptQuestion } from '../../../../contracts/learner/forms'
import type { PlayerIndex, PlayerPage as PageData } from '../../../../contracts/learner/player'
import { resetPublicConfig } from '../../../../src/authProvider/config'
import { dataProvider } from '../../../../src/dataProvider'
import { i18nProvider } from '../../../../src/i18n'
import { DocumentTitle } from '../../../../src/layout/DocumentTitle'
import { PlayerPage } from '../../../../src/learner/player'
import { preloadPlayerTexts } from '../../../../src/learner/player/texts'
import { matchMediaAt } from '../../matchMedia'

export const COURSE = '11111111-1111-4111-8111-111111111111'
export const SECTION = '22222222-2222-4222-8222-222222222222'
export const id = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`
export const TEXT = id(1)
export const VIDEO = id(2)
export const SIM = id(3)
export const FILE = id(4)
export const FORM = id(5)
export const ORDER = [TEXT, VIDEO, SIM, FILE, FORM]
export const KINDS = { [TEXT]: 'text', [VIDEO]: 'video', [SIM]: 'simulation', [FILE]: 'attachment', [FORM]: 'form' } as const
export const TITLES = { [TEXT]: 'Welcome', [VIDEO]: 'Watch this', [SIM]: 'Try it', [FILE]: 'Handout', [FORM]: 'Final check' }

/** The learner API over one course of five blocks, recording what the player sends. */
export class FakePlayer {
  completed = new Set<string>()
  resume: string | null = FILE
  /** The text block's HTML as its author wrote it. */
  html = '<h1>Hello</h1><p>Read me</p><script>window.hacked = true</script><img src=x onerror="window.hacked = true">'
  refusal: string | null = null
  organization = 'Centre'
  /** Days left of the learner's subscription (the header counts down from 14). */
  remainingDays = 100
  university: string | undefined = 'Universidad Nacional'
  certificate: PlayerIndex['progress']['certificate'] = null
  attempts: boolean[] = []
  opened: string[] = []
  positions: Array<Record<string, unknown>> = []
  submitted: Array<Record<string, unknown>> = []
  /** The form's time limit in minutes (null: none). */
  timeLimit: number | null = null
  /** The learner's open attempt, as the server keeps it. */
  open: { id: string; answers: Record<string, unknown>; deadline: string | null; closed: boolean; result?: AttemptResult } | null = null
  /** Every answers save, as received. */
  saves: Array<Record<string, unknown>> = []
  /** Questions of the newer types added to the form's two. */
  extra: AttemptQuestion[] = []
  serial = 0

  progress(): PlayerIndex['progress'] {
    const done = this.completed.size
    return {
      done,
      total: ORDER.length,
      percent: Math.floor((done * 100) / ORDER.length),
      completed: done === ORDER.length,
      completedAt: null,
      certificate: this.certificate,
    }
  }
  index(): PlayerIndex {
    return {
      course: {
        uuid: COURSE,
        name: 'Statistics for everyone',
        version: 1,
        organization: { id: id(99), name: this.organization },
        Details: { Organization: this.organization },
      },
      sections: [
        {
          id: SECTION,
          title: 'Getting started',
          blocks: ORDER.map((b) => ({ id: b, kind: KINDS[b], title: TITLES[b], required: true, completed: this.completed.has(b) })),
        },
      ],
      progress: this.progress(),
      resume: this.resume ? { block: this.resume, seconds: 0 } : null,
      subscription: { expiresAt: '2030-01-01T00:00:00.000Z', remainingDays: this.remainingDays },
    }
  }
  page(block: string): PageData {
    const i = ORDER.indexOf(block)
    const values: PageData['block']['values'] = { title: TITLES[block], required: true }
    const urls: Record<string, string> = {}
    if (block === TEXT) values.html = this.html
    if (block === VIDEO) {
      urls.path = '/files/video.mp4'
      values.duration = 100
    }
    if (block === SIM) urls.entry = '/files/sim/index.html'
    if (block === FILE) {
      Object.assign(values, { fileName: 'handout.pdf', size: 2048 })
      urls.path = '/files/handout.pdf'
    }
    return {
      course: COURSE,
      section: { id: SECTION, title: 'Getting started' },
      block: {
        id: block,
        kind: KINDS[block],
        values,
        urls,
        completed: this.completed.has(block),
        watchedSeconds: 0,
        positionSeconds: block === VIDEO ? 12 : 0,
      },
      previous: ORDER[i - 1] ?? null,
      next: ORDER[i + 1] ?? null,
    }
  }
  standing() {
    const used = this.attempts.length
    return {
      attemptsUsed: used,
      attemptsLeft: 3 - used,
      bestScore: used ? (this.attempts.some(Boolean) ? 100 : 50) : null,
      passed: this.attempts.some(Boolean),
      pending: false,
    }
  }
  form(): LearnerForm {
    return {
      course: COURSE,
      id: FORM,
      name: 'Final check',
      section: SECTION,
      required: true,
      tries: 3,
      requiredScore: 80,
      attemptsOnly: false,
      openAttempt: this.open && !this.open.closed ? this.open.id : null,
      timeLimitMinutes: this.timeLimit,
      questionCount: 2,
      questions: [
        {
          id: 'q1',
          type: 'single',
          text: 'What is a mean?',
          options: [
            { id: 'a', text: 'An average' },
            { id: 'b', text: 'A colour' },
          ],
        },
        {
          id: 'q2',
          type: 'multiple',
          text: 'Which are charts?',
          options: [
            { id: 'c', text: 'Bar' },
            { id: 'd', text: 'Pie' },
            { id: 'e', text: 'Soup' },
          ],
        },
      ],
      ...this.standing(),
    }
  }
  questions(): AttemptQuestion[] {
    return [...(this.form().questions as AttemptQuestion[]), ...this.extra]
  }
  /** The fake's grading: the two choice questions, and the newer types' right answers as the tests write them. */
  grade(answers: Record<string, unknown>): AttemptResult {
    const text = (v: unknown) => String(v ?? '').trim()
    const rights: Record<string, (a: unknown) => boolean> = {
      q1: (a) => (a as string[] | undefined)?.join() === 'a',
      q2: (a) => [...((a as string[] | undefined) ?? [])].sort().join() === 'c,d',
      short: (a) => text(a).toLowerCase() === 'paris',
      numeric: (a) => Math.abs(Number(text(a).replace(',', '.')) - 3.14) <= 0.01,
      matching: (a) => JSON.stringify(a) === JSON.stringify({ l1: 'r1', l2: 'r2' }),
      ordering: (a) => (a as string[] | undefined)?.join() === 'i1,i2,i3',
      essay: () => false,
    }
    const questions = this.questions().map((q) => ({ id: q.id, right: q.type === 'essay' ? null : (rights[q.id]?.(answers[q.id]) ?? false) }))
    const pending = this.questions().some((q) => q.type === 'essay')
    const score = Math.round((questions.filter((q) => q.right).length * 100) / questions.length)
    const passed = !pending && score >= 80
    this.attempts.push(passed)
    if (passed) {
      this.completed.add(FORM)
      this.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
    }
    return {
      course: COURSE,
      id: FORM,
      attempt: this.open!.id,
      late: false,
      score,
      passed,
      requiredScore: 80,
      questions,
      standing: this.standing(),
      certificate: this.certificate,
      pending,
    }
  }

  handlers() {
    const refused = () => (this.refusal ? HttpResponse.json({ message: 'refused', code: this.refusal }, { status: 403 }) : null)
    return [
      http.get('*/api/config', () => HttpResponse.json({ universityOrganization: this.university })),
      http.get('*/api/v2/courses/course/index/:id', () => refused() ?? HttpResponse.json({ Item: this.index() })),
      http.get('*/api/v2/courses/course/page/:course/:block', ({ params }) => refused() ?? HttpResponse.json({ Item: this.page(String(params.block)) })),
      http.get('*/api/v2/courses/metrics/re/:course/:block', ({ params }) => {
        const block = String(params.block)
        this.opened.push(block)
        if (KINDS[block] !== 'video' && KINDS[block] !== 'form') this.completed.add(block)
        return HttpResponse.json({ block: { id: block, completed: this.completed.has(block), watchedSeconds: 0 }, progress: this.progress() })
      }),
      http.put('*/api/v2/courses/metrics/position', async ({ request }) => {
        const body = (await request.json()) as { block: string; seconds: number }
        this.positions.push(body)
        // The server's rule in short: played to the end of its own length (100 s here), within 10 s.
        if (body.seconds >= 90) this.completed.add(body.block)
        return HttpResponse.json({
          block: { id: body.block, completed: this.completed.has(body.block), watchedSeconds: body.seconds },
          progress: this.progress(),
        })
      }),
      // The block's threads under each block (decision 0034): none here.
      http.get('*/api/v2/courses/discussions/:course/threads', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })),
      http.post('*/api/v2/courses/forms/request', () => HttpResponse.json(this.form())),
      http.post('*/api/v2/courses/forms/attempts/start', () => {
        if (!this.open || this.open.closed) {
          if (this.standing().attemptsLeft === 0) return HttpResponse.json({ message: 'No attempts left', code: 'NO_ATTEMPTS_LEFT' }, { status: 409 })
          this.serial += 1
          const deadline = this.timeLimit ? new Date(Date.now() + this.timeLimit * 60_000).toISOString() : null
          this.open = { id: `00000000-0000-4000-8000-${String(this.serial).padStart(12, '0')}`, answers: {}, deadline, closed: false }
        }
        const attempt = {
          id: this.open.id,
          course: COURSE,
          form: FORM,
          now: new Date().toISOString(),
          startedAt: new Date().toISOString(),
          deadline: this.open.deadline,
          questions: this.questions(),
          answers: this.open.answers,
          revision: 1,
        }
        return HttpResponse.json({ attempt, ...this.standing() })
      }),
      http.put('*/api/v2/courses/forms/attempts/:attempt/answers', async ({ request, params }) => {
        const body = (await request.json()) as { answers: Record<string, unknown> }
        if (!this.open || this.open.id !== params.attempt) return HttpResponse.json({ message: 'Not found' }, { status: 404 })
        if (this.open.closed) return HttpResponse.json({ message: 'The attempt is closed', code: 'ATTEMPT_CLOSED' }, { status: 409 })
        this.saves.push(body.answers)
        Object.assign(this.open.answers, body.answers)
        return HttpResponse.json({ savedAt: new Date().toISOString(), answers: this.open.answers })
      }),
      http.post('*/api/v2/courses/forms/attempts/:attempt/submit', async ({ request, params }) => {
        const body = (await request.json()) as { answers?: Record<string, unknown> }
        if (!this.open || this.open.id !== params.attempt) return HttpResponse.json({ message: 'Not found' }, { status: 404 })
        if (!this.open.closed && body.answers) Object.assign(this.open.answers, body.answers)
        this.submitted.push({ ...this.open.answers })
        this.open.closed = true
        this.open.result ??= this.grade(this.open.answers)
        return HttpResponse.json(this.open.result)
      }),
      http.get('*/api/v2/courses/forms/summary/:course/:id', () =>
        HttpResponse.json({
          course: COURSE,
          id: FORM,
          name: 'Final check',
          tries: 3,
          requiredScore: 80,
          attempts: this.attempts.map((passed) => ({
            id: null,
            status: 'graded',
            score: passed ? 100 : 50,
            passed,
            late: false,
            essays: [],
            submittedAt: '2026-11-22T10:00:00.000Z',
          })),
          ...this.standing(),
        }),
      ),
      http.post('*/api/v2/courses/forms/completed', async ({ request }) => {
        const body = (await request.json()) as { answers: Record<string, string[]> }
        this.submitted.push(body)
        const q1 = body.answers.q1?.join() === 'a'
        const q2 = [...(body.answers.q2 ?? [])].sort().join() === 'c,d'
        const passed = q1 && q2
        this.attempts.push(passed)
        if (passed) {
          this.completed.add(FORM)
          this.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
        }
        const result: FormResult = {
          course: COURSE,
          id: FORM,
          score: (Number(q1) + Number(q2)) * 50,
          passed,
          requiredScore: 80,
          questions: [
            { id: 'q1', right: q1 },
            { id: 'q2', right: q2 },
          ],
          standing: this.standing(),
          certificate: this.certificate,
        }
        return HttpResponse.json(result)
      }),
    ]
  }
}

export const server = setupServer()
/** The fake learner API of the running test (fresh for each). */
export let api = new FakePlayer()

/** Serves the fake learner API to the player in English, afresh for each test of the calling file. */
export function useFakePlayer() {
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    await i18nProvider.changeLocale('eng')
    await preloadPlayerTexts('eng')
  })
  beforeEach(() => {
    api = new FakePlayer()
    resetPublicConfig()
    server.resetHandlers(...api.handlers())
  })
  afterEach(() => localStorage.clear())
  afterAll(() => server.close())
}

function Where() {
  const { pathname } = useLocation()
  return <output aria-label="location">{pathname}</output>
}

export function renderPlayer(path: string, strict = false) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ['general'],
  }
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      <DocumentTitle />
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()}>
        <Routes>
          <Route path="/galaxy/courses/player/:uuid" element={<PlayerPage />} />
          <Route path="/galaxy/courses/player/:uuid/:block" element={<PlayerPage />} />
          <Route path="/galaxy/courses/overview/:uuid" element={<p>Overview page</p>} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>
  )
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree)
}

export function onScreen(width: number) {
  const before = window.matchMedia
  window.matchMedia = matchMediaAt(width)
  onTestFinished(() => {
    window.matchMedia = before
  })
}

export const location = () => screen.getByRole('status', { hidden: true, name: 'location' })
