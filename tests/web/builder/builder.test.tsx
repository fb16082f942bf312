import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { pendingKey } from '../../../src/builder/common/saver'
import { COURSE, draft, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
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
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General data', 'Media', 'Content', 'FAQ', 'Tags', 'Plans', 'Collaborators', 'Publish'])
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

  it('keeps an edit made just before the page closed, shows it again and sends it on the next visit', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    const description = await screen.findByRole('textbox', { name: 'Description' })
    await user.type(description, 'Unsent')
    // The tab closes within the pause: the edit is only in this browser.
    cleanup()
    expect(ctx.api.writes()).toEqual([])
    expect(localStorage.getItem(pendingKey(COURSE))).toContain('Unsent')

    renderBuilder(general)
    expect(await screen.findByRole('textbox', { name: 'Description' })).toHaveValue('Unsent')
    await waitFor(() => expect(ctx.api.course!.description).toBe('Unsent'))
    await waitFor(() => expect(localStorage.getItem(pendingKey(COURSE))).toBeNull())
  })

  it('offline: says the edits are kept on this device, and sends them when the network is back', async () => {
    const user = userEvent.setup()
    ctx.api.offline.add('/builder/update-general')
    renderBuilder(general)
    await user.type(await screen.findByRole('textbox', { name: 'Requirements' }), 'A pencil')
    await waitFor(() => expect(status()).toHaveTextContent('Offline — changes kept on this device'))
    expect(localStorage.getItem(pendingKey(COURSE))).toContain('A pencil')
    ctx.api.offline.clear()
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
    expect(ctx.api.course!.requirements).toBe('A pencil')
  })

  it('409: offers to reload, and the reload keeps what was typed and saves it on top', async () => {
    const user = userEvent.setup()
    renderBuilder(general)
    const description = await screen.findByRole('textbox', { name: 'Description' })
    // Someone else saves meanwhile: the course is at a newer revision, with another name.
    ctx.api.course = draft({ revision: 7, name: 'Renamed elsewhere' })
    await user.type(description, 'Mine')
    const dialog = await screen.findByRole('dialog', { name: 'The course changed elsewhere' })
    expect(status()).toHaveTextContent('Conflict')
    expect(ctx.api.course.description).toBe('')
    await user.click(within(dialog).getByRole('button', { name: 'Reload without losing my changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The reloaded course shows the other change and what this tab typed.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Renamed elsewhere')
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine')
    await waitFor(() => expect(ctx.api.course!.description).toBe('Mine'))
    expect(ctx.api.course!.name).toBe('Renamed elsewhere')
    expect(ctx.api.writes('/builder/update-general').at(-1)!.body!.revision).toBe(7)
  })
})
