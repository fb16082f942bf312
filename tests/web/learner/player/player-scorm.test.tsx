import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AdminContext, HttpError, memoryStore } from 'react-admin'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PlayerPage } from '../../../../contracts/learner/player'
import type { ScormCommitAnswer, ScormCommitBody, ScormLaunch, ScormState } from '../../../../contracts/learner/scorm'
import { errorFor } from '../../../../src/dataProvider'
import { i18nProvider } from '../../../../src/i18n'
import ScormBlock from '../../../../src/learner/player/ScormBlock'
import { preloadPlayerTexts, usePlayerTexts } from '../../../../src/learner/player/texts'

/**
 * The player's SCORM block: the package's parts and their state, the part launched in a sandboxed
 * frame named with the data it starts from, run-time calls answered only for that frame, and what
 * the package commits sent to the server in order (a replaced session says so).
 */

const COURSE = '11111111-1111-4111-8111-111111111111'
const BLOCK = '33333333-3333-4333-8333-000000000001'
const SESSION = '44444444-4444-4444-8444-000000000001'

const page: PlayerPage = {
  course: COURSE,
  section: { id: '22222222-2222-4222-8222-222222222222', title: 'Safety' },
  block: { id: BLOCK, kind: 'scorm', values: { title: 'Fire safety', required: true }, urls: {}, completed: false, watchedSeconds: 0, positionSeconds: 0 },
  previous: null,
  next: null,
}

const sco = (id: string, title: string, extra: Partial<ScormState['scos'][number]> = {}): ScormState['scos'][number] => ({
  id,
  title,
  completion: 'not attempted',
  success: 'unknown',
  score: null,
  done: false,
  attempt: 0,
  ...extra,
})

function fakeApi(scos = [sco('item_1', 'Lesson one')]) {
  const commits: ScormCommitBody[] = []
  const api = {
    getScormState: vi.fn(async (): Promise<ScormState> => ({ version: '1.2', title: 'Fire package', completeWhen: 'passed', scos })),
    launchSco: vi.fn(async (_c: string, _b: string, id: string): Promise<ScormLaunch> => ({
      sco: id,
      attempt: 1,
      session: SESSION,
      version: '1.2',
      url: `https://files.example.test/p/1/sig/${id}/index.html`,
      cmi: { suspend_data: 'page=3', core: { student_id: 'u1', student_name: 'Luis', entry: 'resume', lesson_location: '3', lesson_status: 'incomplete' } },
      entry: 'resume',
    })),
    commitSco: vi.fn(async (_c: string, _b: string, body: ScormCommitBody): Promise<ScormCommitAnswer> => {
      commits.push(body)
      return {
        block: { id: BLOCK, completed: true, watchedSeconds: 0 },
        progress: { done: 1, total: 1, percent: 100, completed: true, completedAt: null, certificate: null },
        sco: sco(body.sco, 'Lesson one', { completion: 'completed', success: 'passed', score: 85, done: true, attempt: 1 }),
      }
    }),
  }
  return { api, commits }
}

function Harness({ onProgress }: { onProgress: () => void }) {
  const t = usePlayerTexts()
  return t ? <ScormBlock t={t} course={COURSE} page={page} onProgress={onProgress} /> : null
}

function show(api: ReturnType<typeof fakeApi>['api'], onProgress = vi.fn()) {
  render(
    <AdminContext dataProvider={api as never} i18nProvider={i18nProvider} store={memoryStore()}>
      <Harness onProgress={onProgress} />
    </AdminContext>,
  )
  return onProgress
}

beforeAll(async () => {
  await i18nProvider.changeLocale('eng')
  await preloadPlayerTexts('eng')
})

/** The package's frame, once launched. */
const frame = async (title = 'Package: Fire safety') => (await screen.findByTitle(title)) as HTMLIFrameElement

/** A run-time call as the package's cross-frame client posts it; answers what the player replied. */
async function call(from: Window, method: string, params: string[] = []) {
  const replies: unknown[] = []
  const spy = vi.spyOn(from, 'postMessage').mockImplementation((message: unknown) => void replies.push(message))
  await act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data: { messageId: `m-${method}`, method, params }, source: from }))
  })
  spy.mockRestore()
  return replies[0] as { messageId: string; result?: unknown; error?: unknown } | undefined
}

describe('a SCORM block in the player', () => {
  it('launches the part in a sandboxed frame named with the data it resumes from', async () => {
    const { api } = fakeApi()
    show(api)
    expect(await screen.findByText('Complete once every part reports it is passed.')).toBeInTheDocument()
    expect(screen.getByText('Not started')).toBeInTheDocument()
    const f = await frame()
    expect(f.getAttribute('sandbox')).toBe('allow-scripts')
    expect(f.src).toBe('https://files.example.test/p/1/sig/item_1/index.html')
    expect(f.name.startsWith('aula-scorm:')).toBe(true)
    const seeded = JSON.parse(f.name.slice('aula-scorm:'.length)) as { version: string; cmi: Record<string, string> }
    expect(seeded.version).toBe('1.2')
    expect(seeded.cmi).toMatchObject({ 'cmi.suspend_data': 'page=3', 'cmi.core.lesson_location': '3', 'cmi.core.entry': 'resume' })
    expect(api.launchSco).toHaveBeenCalledWith(COURSE, BLOCK, 'item_1')
  })

  it("answers the frame's run-time calls and sends its commit; the part's state and the progress follow", async () => {
    const { api, commits } = fakeApi()
    const onProgress = show(api)
    const win = (await frame()).contentWindow!
    expect((await call(win, 'LMSInitialize', ['']))?.result).toBe('true')
    expect((await call(win, 'LMSGetValue', ['cmi.suspend_data']))?.result).toBe('page=3')
    await call(win, 'LMSSetValue', ['cmi.core.lesson_status', 'passed'])
    await call(win, 'LMSSetValue', ['cmi.core.score.raw', '85'])
    expect((await call(win, 'LMSCommit', ['']))?.result).toBe('true')
    await waitFor(() => expect(commits).toHaveLength(1))
    expect(commits[0]).toMatchObject({ sco: 'item_1', attempt: 1, session: SESSION, seq: 1, finished: false })
    expect(commits[0].cmi).toMatchObject({ suspend_data: 'page=3', core: { lesson_status: 'passed', score: { raw: '85' } } })
    expect(await screen.findByText('Passed · 85 %')).toBeInTheDocument()
    expect(onProgress).toHaveBeenCalledWith(expect.objectContaining({ block: expect.objectContaining({ completed: true }) }))
    // Finishing sends the end of the session, numbered after the commit.
    await call(win, 'LMSFinish', [''])
    await waitFor(() => expect(commits).toHaveLength(2))
    expect(commits[1]).toMatchObject({ seq: 2, finished: true })
  })

  it('ignores calls from any other window and refuses methods outside the run-time', async () => {
    const { api } = fakeApi()
    show(api)
    const win = (await frame()).contentWindow!
    expect(await call(window, 'LMSCommit', [''])).toBeUndefined()
    expect((await call(win, 'loadFromJSON', ['{}']))?.error).toMatchObject({ message: 'Method not allowed: loadFromJSON' })
    expect(api.commitSco).not.toHaveBeenCalled()
  })

  it('says so when another window launched the part since (409), and offers to reload', async () => {
    const { api } = fakeApi()
    api.commitSco.mockRejectedValueOnce(errorFor(409, { message: 'replaced', code: 'SESSION_REPLACED' }) as HttpError)
    show(api)
    const win = (await frame()).contentWindow!
    await call(win, 'LMSInitialize', [''])
    await call(win, 'LMSCommit', [''])
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This package was opened again in another window or device. Reload this page to continue here.')
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })

  it('lists the parts of a package of several and launches the one chosen', async () => {
    const { api } = fakeApi([sco('item_1', 'Intro', { completion: 'completed', success: 'passed', done: true, score: 90, attempt: 1 }), sco('item_2', 'Quiz')])
    show(api)
    const parts = await screen.findByRole('navigation', { name: 'Parts of the package' })
    // The first part not done yet opens first.
    await waitFor(() => expect(api.launchSco).toHaveBeenCalledWith(COURSE, BLOCK, 'item_2'))
    expect(within(parts).getByRole('button', { name: /Intro/ })).toHaveTextContent('Passed · 90 %')
    await userEvent.click(within(parts).getByRole('button', { name: /Intro/ }))
    await waitFor(() => expect(api.launchSco).toHaveBeenLastCalledWith(COURSE, BLOCK, 'item_1'))
    expect(within(parts).getByRole('button', { name: /Intro/ })).toHaveAttribute('aria-current', 'true')
  })
})
