import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COURSE, draft, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
/** What this browser keeps for the course (every page's record). */
const stored = () =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith(`aula.builder.pending.${COURSE}`))
    .map((k) => localStorage.getItem(k))
    .join('\n')

// Web Locks as the browser keeps them: a page holds its lock until it is gone.
const held = new Set<string>()
beforeEach(() => {
  held.clear()
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: {
      async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => unknown) {
        if (held.has(name)) return options.ifAvailable ? callback(null) : new Promise(() => undefined)
        held.add(name)
        try {
          return await callback({ name })
        } finally {
          held.delete(name)
        }
      },
      query: async () => ({ held: [...held].map((name) => ({ name })) }),
    },
  })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks')
})

/** Types into a field of the general data and closes the page before the edit is saved: it is only in this browser. */
async function leaveUnsent(field: string, text: string) {
  const user = userEvent.setup()
  // The server never gets it (the network is gone, or the tab closes within the pause).
  ctx.api.offline.add('/builder/update-general')
  renderBuilder(general)
  await user.type(await screen.findByRole('textbox', { name: field }), text)
  await waitFor(() => expect(stored()).toContain(text))
  cleanup()
  await act(async () => undefined)
  ctx.api.offline.clear()
  ctx.api.requests = []
}
const general = `/creator/courses/${COURSE}/general`
// A dialog hides the page from assistive technology; the status is still on screen behind it.
const status = () => screen.getByRole('status', { name: 'Save status', hidden: true })

describe('the builder page', () => {
  it('says "Not authorized!" when the course does not come back', async () => {
    ctx.api.course = null
    renderBuilder(general)
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized!')
    expect(screen.getByRole('link', { name: 'Back to my courses' })).toHaveAttribute('href', '/creator/courses')
  })

  it('shows the course name, the save status and the tabs as routes (also under /creator-old)', async () => {
    const user = userEvent.setup()
    renderBuilder(`/creator-old/courses/${COURSE}/general`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics for everyone' })).toBeInTheDocument()
    expect(status()).toHaveTextContent('All changes saved')
    const tabs = screen.getByRole('tablist', { name: 'Sections of the course editor' })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['General data', 'Media', 'Content', 'Question banks', 'FAQ', 'Tags', 'Plans', 'Collaborators', 'Grading', 'Gradebook', 'Publish'])
    await user.click(within(tabs).getByRole('tab', { name: 'FAQ' }))
    expect(screen.getByLabelText('location')).toHaveTextContent(`/creator-old/courses/${COURSE}/faq`)
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No questions yet.')
  })

  it('general data: validation messages, nothing invalid sent, valid edits saved', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await user.clear(name)
    expect(screen.getByText('This field is required')).toBeInTheDocument()
    const hours = screen.getByRole('textbox', { name: 'Duration (hours)' })
    await user.clear(hours)
    await user.type(hours, 'abc')
    expect(screen.getByText('Enter a number')).toBeInTheDocument()
    await user.clear(hours)
    await user.type(hours, '-3')
    expect(screen.getByText('Enter a number greater than zero')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Brief description' }), 'x'.repeat(3))
    await user.clear(hours)
    await user.type(hours, '20')
    await user.type(name, 'Calculus')
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument()
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
    await waitFor(() => expect(ctx.api.course!.name).toBe('Calculus'))
    const writes = ctx.api.writes('/builder/update-general')
    // No invalid value was ever sent (coalescing itself is timed in the saver's unit tests).
    expect(writes.every((w) => w.body!.name !== '' && (w.body!.durationHours == null || Number(w.body!.durationHours) > 0))).toBe(true)
    expect(ctx.api.course).toMatchObject({ name: 'Calculus', durationHours: 20, briefDescription: 'Numbers, plainlyxxx' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Calculus')
  })

  it('general data: the choices come from the catalogues and a choice is saved', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    await user.click(await screen.findByRole('combobox', { name: 'Difficulty' }))
    await user.click(await screen.findByRole('option', { name: 'First difficulties' }))
    await waitFor(() => expect(ctx.api.course!.difficultyId).toBe('difficulties-1'))
  })

  it('offers a closed page’s edit with its age and revision, never applies it by itself, and restores it when nobody saved since', async () => {
    await leaveUnsent('Description', 'Unsent')
    const user = userEvent.setup()
    renderBuilder(general)
    const offer = await screen.findByRole('region', { name: 'Unsent edits from before this page was reloaded' })
    expect(offer).toHaveTextContent(/1 edit, made (now|\d+ seconds? ago) on revision 1\. Nothing has been applied\./)
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('')
    await new Promise((r) => setTimeout(r, 1500))
    expect(ctx.api.writes()).toEqual([])

    await user.click(within(offer).getByRole('button', { name: 'Review and restore' }))
    await waitFor(() => expect(ctx.api.course!.description).toBe('Unsent'))
    expect(ctx.api.writes('/builder/update-general').at(-1)!.body!.revision).toBe(1)
    expect(screen.queryByRole('region', { name: 'Unsent edits from before this page was reloaded' })).not.toBeInTheDocument()
    expect(await screen.findByRole('textbox', { name: 'Description' })).toHaveValue('Unsent')
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
    await waitFor(() => expect(stored()).toBe(''))
  })

  it('restoring a closed page’s edit after someone else saved asks first, side by side', async () => {
    await leaveUnsent('Name', ' (draft)')
    ctx.api.course = draft({ revision: 4, name: 'Renamed elsewhere' })
    const user = userEvent.setup()
    renderBuilder(general)
    const offer = await screen.findByRole('region', { name: 'Unsent edits from before this page was reloaded' })
    await user.click(within(offer).getByRole('button', { name: 'Review and restore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Restore unsent edits' })
    const name = within(dialog).getByRole('radiogroup', { name: 'Name' })
    expect(name).toHaveTextContent('Statistics for everyone (draft)')
    expect(name).toHaveTextContent('Renamed elsewhere')
    await user.click(within(name).getByRole('radio', { name: 'Take theirs' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply my choices' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(ctx.api.writes()).toEqual([])
    expect(ctx.api.course!.name).toBe('Renamed elsewhere')
    expect(stored()).toBe('')
  })

  it('discards a closed page’s edits when asked', async () => {
    await leaveUnsent('Requirements', 'Forget me')
    const user = userEvent.setup()
    renderBuilder(general)
    const offer = await screen.findByRole('region', { name: 'Unsent edits from before this page was reloaded' })
    await user.click(within(offer).getByRole('button', { name: 'Discard' }))
    expect(await screen.findByText('The unsent edits were discarded.')).toBeInTheDocument()
    expect(stored()).toBe('')
    expect(ctx.api.writes()).toEqual([])
  })

  it('never offers the edits of a page that is still open', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    ctx.api.offline.add('/builder/update-general')
    await user.type(await screen.findByRole('textbox', { name: 'Requirements' }), 'Still mine')
    await waitFor(() => expect(stored()).toContain('Still mine'))
    // A second page of the course in this browser, while the first is open.
    renderBuilder(general)
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(2))
    await new Promise((r) => setTimeout(r, 100))
    expect(screen.queryByRole('region', { name: /Unsent edits/ })).not.toBeInTheDocument()
  })

  it('offline: says the edits are kept on this device, and sends them when the network is back', async () => {
    const user = userEvent.setup()
    ctx.api.offline.add('/builder/update-general')
    renderBuilder(general)
    await user.type(await screen.findByRole('textbox', { name: 'Requirements' }), 'A pencil')
    await waitFor(() => expect(status()).toHaveTextContent('Offline — changes kept in this tab'))
    expect(stored()).toContain('A pencil')
    ctx.api.offline.clear()
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
    expect(ctx.api.course!.requirements).toBe('A pencil')
  })

  it('409: shows mine and the saved value side by side; nothing is sent until I choose; keeping mine sends it on the current revision', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    const description = await screen.findByRole('textbox', { name: 'Description' })
    // Someone else saves meanwhile: the course is at a newer revision, with another name and description.
    ctx.api.course = draft({ revision: 7, name: 'Renamed elsewhere', description: 'Theirs' })
    // Pasted in one go: the edit goes out whole after the pause.
    await user.click(description)
    await user.paste('Mine')
    const dialog = await screen.findByRole('dialog', { name: 'Not saved: the course changed elsewhere' })
    expect(status()).toHaveTextContent('Not saved: conflict')
    const field = await within(dialog).findByRole('radiogroup', { name: 'Description' })
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(1)
    expect(field).toHaveTextContent('Yours (not saved)')
    expect(field).toHaveTextContent('Mine')
    expect(field).toHaveTextContent('Saved now')
    expect(field).toHaveTextContent('Theirs')
    const writes = ctx.api.writes().length
    // Applying without a choice says what is missing and moves the focus to it.
    await user.click(within(dialog).getByRole('button', { name: 'Apply my choices' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a version for every change first (1 left).')
    await waitFor(() => expect(within(field).getAllByRole('radio')[0]).toHaveFocus())
    await new Promise((r) => setTimeout(r, 1200))
    expect(ctx.api.writes()).toHaveLength(writes)
    await user.keyboard(' ')
    expect(within(field).getByRole('radio', { name: 'Keep mine' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Apply my choices' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(ctx.api.course!.description).toBe('Mine'))
    expect(ctx.api.course!.name).toBe('Renamed elsewhere')
    expect(ctx.api.writes('/builder/update-general').at(-1)!.body).toMatchObject({ revision: 7, description: 'Mine' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Renamed elsewhere')
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine')
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
  })

  it('409: taking theirs drops my edit and shows the saved value', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    const requirements = await screen.findByRole('textbox', { name: 'Requirements' })
    ctx.api.course = draft({ revision: 3, requirements: 'A calculator' })
    await user.click(requirements)
    await user.paste('A pencil')
    const dialog = await screen.findByRole('dialog', { name: 'Not saved: the course changed elsewhere' })
    await within(dialog).findByRole('radiogroup', { name: 'Requirements' })
    await user.click(within(dialog).getByRole('button', { name: 'Take all theirs' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply my choices' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('textbox', { name: 'Requirements' })).toHaveValue('A calculator')
    expect(status()).toHaveTextContent('All changes saved')
    await new Promise((r) => setTimeout(r, 1200))
    expect(ctx.api.writes('/builder/update-general').filter((w) => w.body!.revision === 3)).toEqual([])
    expect(ctx.api.course!.requirements).toBe('A calculator')
    expect(stored()).toBe('')
  })
})
