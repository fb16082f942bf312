import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AdminContext, memoryStore } from 'react-admin'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18nProvider, LANGUAGE_KEY } from '../../../src/i18n'
import { ScreenErrorBoundary } from '../../../src/layout/ErrorBoundary'

beforeEach(() => {
  localStorage.setItem(LANGUAGE_KEY, 'eng')
})

/** A screen that throws while `broken` says so. */
let broken = true
function Flaky() {
  if (broken) throw new Error('boom')
  return <h1>Drawn again</h1>
}

function renderBoundary() {
  render(
    <AdminContext i18nProvider={createI18nProvider()} store={memoryStore()}>
      <main id="main-content" tabIndex={-1}>
        <ScreenErrorBoundary>
          <Flaky />
        </ScreenErrorBoundary>
      </main>
    </AdminContext>,
  )
}

describe('a screen that throws', () => {
  // React reports the thrown errors on the console; they are what this test provokes.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))

  it('after "Try again" puts the focus on the page drawn again, not on the document', async () => {
    broken = true
    renderBoundary()
    const retry = await screen.findByRole('button', { name: 'Try again' })
    broken = false
    await userEvent.click(retry)
    expect(await screen.findByRole('heading', { name: 'Drawn again' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('after "Try again" that fails again keeps the focus on the new "Try again"', async () => {
    broken = true
    renderBoundary()
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Try again' })).toHaveFocus()
  })
})
