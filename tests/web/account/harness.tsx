import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { App } from '../../../src/App'
import { signIn } from '../../../src/authProvider'
import { browser } from '../../../src/authProvider/browser'
import { resetPublicConfig } from '../../../src/authProvider/config'
import { resetPool } from '../../../src/authProvider/cognito'
import { FakeIdentity, type FakeUser } from './fakeIdentity'
import { matchMediaAt } from '../matchMedia'

const desktopMatchMedia = matchMediaAt(1280)

/** The same answers for a 390 px wide phone (tests of the narrow layouts). */
export const phoneMatchMedia = matchMediaAt(390)

/** One fake identity service and msw server per test file; fresh state per test. */
export function useFakeNetwork() {
  const ctx = { identity: new FakeIdentity(), server: setupServer(), assign: vi.fn<(path: string) => void>() }
  beforeAll(() => {
    ctx.server.listen({ onUnhandledRequest: 'error' })
    window.matchMedia = desktopMatchMedia
  })
  beforeEach(() => {
    ctx.identity = new FakeIdentity()
    ctx.server.resetHandlers(...ctx.identity.handlers())
    resetPublicConfig()
    resetPool()
    localStorage.setItem('I18N_LANGUAGE', 'eng')
    sessionStorage.clear()
    ctx.assign = vi.fn<(path: string) => void>()
    vi.spyOn(browser, 'assign').mockImplementation(ctx.assign)
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })
  afterAll(() => ctx.server.close())
  return ctx
}

/** Renders the whole app at `path`, as a browser opening it. */
export function renderAt(path: string) {
  window.history.pushState({}, '', path)
  return render(<App />)
}

/** Signs `user` in through the real authProvider (SRP against the fake service). */
export async function signedInAs(user: FakeUser) {
  await signIn(user.email, user.password)
}

export const path = () => window.location.pathname

export const field = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input' })

/**
 * Puts the rest of the test on a fake clock that still follows real time (so msw, the SRP sums and
 * Testing Library's polling carry on as usual) and returns a userEvent that moves that clock over its
 * own pauses. A redirect delay then passes with `passDelay` instead of being waited out.
 */
export function useFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
}

/** How long before a redirect delay ends `passDelay` checks that the redirect has not happened yet. */
const JUST_BEFORE = 100

/**
 * Runs the fake clock through a redirect delay of `ms` that has just started: `waiting` must hold until
 * shortly before the delay ends, `redirected` once it has.
 */
export async function passDelay(ms: number, waiting: () => void, redirected: () => void) {
  await vi.advanceTimersByTimeAsync(ms - JUST_BEFORE)
  waiting()
  await vi.advanceTimersByTimeAsync(JUST_BEFORE)
  redirected()
}
