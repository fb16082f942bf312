import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { i18nProvider, loadBuilderTexts } from '../../../src/i18n'
import { COURSE, draft, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
const tab = (name: string) => `/creator/courses/${COURSE}/${name}`
const panel = () => screen.getByRole('tabpanel')

describe('the publish tab', () => {
  it('validates, lists the failing item with a link to the tab that fixes it, and publishes once all pass', async () => {
    const user = userEvent.setup()
    ctx.api.validation = {
      ok: false,
      items: [
        { key: 'name', ok: true, message: 'Name' },
        { key: 'cover', ok: false, message: 'The course needs a cover' },
      ],
    }
    renderBuilder(tab('publish'))
    expect(await screen.findByText('This course has not been published yet.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Validate' }))
    expect(await screen.findByText('Validation completed')).toBeInTheDocument()
    expect(screen.getByText(/1 item missing/)).toBeInTheDocument()
    const checklist = screen.getByRole('region', { name: 'Checklist' })
    expect(within(checklist).getByText('Name — Done')).toBeInTheDocument()
    expect(within(checklist).getByText('Cover — Missing')).toBeInTheDocument()
    expect(within(checklist).getByRole('link', { name: 'Fix in “Media”' })).toHaveAttribute('href', `/creator/courses/${COURSE}/media`)
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled()

    // The cover is fixed elsewhere; validating again lets the course be published.
    ctx.api.validation = {
      ok: true,
      items: [
        { key: 'name', ok: true },
        { key: 'cover', ok: true },
      ],
    }
    await user.click(screen.getByRole('button', { name: 'Validate' }))
    expect(await screen.findByText(/Everything is ready to publish./)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Publishing completed')).toBeInTheDocument()
    expect(ctx.api.requests.filter((r) => r.path === '/publish/all')).toEqual([{ method: 'POST', path: '/publish/all', body: { uuid: COURSE } }])
    expect(screen.getAllByText(/Published version: 1/).length).toBeGreaterThan(0)
  })

  it('shows the steps in between and the errors of each step', async () => {
    const user = userEvent.setup()
    ctx.api.failOnce.set(`/publish/validate/${COURSE}`, 500)
    renderBuilder(tab('publish'))
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    expect(await screen.findByText('Error validating')).toBeInTheDocument()
    ctx.api.validation = { ok: true, items: [{ key: 'name', ok: true }] }
    await user.click(screen.getByRole('button', { name: 'Validate' }))
    expect(await screen.findByText('Validation completed')).toBeInTheDocument()
    // The server changed its mind meanwhile: publishing is refused with the failing item.
    ctx.api.validation = { ok: false, items: [{ key: 'plan', ok: false, message: 'Add a plan' }] }
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Error publishing')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Checklist' })).getByRole('link', { name: 'Fix in “Plans”' })).toBeInTheDocument()
  })

  it('words what each failing item misses in the reader’s language, the blocks and forms it names included', async () => {
    const user = userEvent.setup()
    ctx.api.validation = {
      ok: false,
      items: [
        { key: 'cover', ok: false, message: 'Upload a cover image.' },
        {
          key: 'forms',
          ok: false,
          message: 'The block “Quiz” of section “Week 1” question 2 has no correct answer.',
          blocks: ['b1'],
          problems: [{ block: 'b1', blockLabel: '“Quiz”', sectionLabel: '“Week 1”', problem: 'questionNoCorrect', question: 2 }],
        },
      ],
    }
    await i18nProvider.changeLocale('it')
    await loadBuilderTexts()
    try {
      renderBuilder(tab('publish'))
      await user.click(await screen.findByRole('button', { name: 'Convalida' }))
      const checklist = await screen.findByRole('region', { name: 'Lista di controllo' })
      expect(checklist).toHaveTextContent("Carica un'immagine di copertina.")
      expect(checklist).toHaveTextContent('Il blocco “Quiz” della sezione “Week 1” non ha una risposta corretta nella domanda 2.')
      expect(checklist).not.toHaveTextContent('has no correct answer')
    } finally {
      await i18nProvider.changeLocale('eng')
      await loadBuilderTexts()
    }
  })

  it('saves pending edits before validating', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('general'))
    await user.type(await screen.findByRole('textbox', { name: 'Requirements' }), 'Curiosity')
    await user.click(screen.getByRole('tab', { name: 'Publish' }))
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    expect(await screen.findByText('Validation completed')).toBeInTheDocument()
    const order = ctx.api.requests.map((r) => r.path)
    expect(order.indexOf('/builder/update-general')).toBeLessThan(order.indexOf(`/publish/validate/${COURSE}`))
  })
})

describe('the plans tab', () => {
  it('reports an invalid duration, hides prices while sales are off and saves a valid plan with its new id', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('plans'))
    expect(await screen.findByText('Sales are disabled: plans have no price. Enable them under “General data”.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add plan' }))
    const days = within(panel()).getByRole('textbox', { name: /Duration \(days\)/ })
    await user.clear(days)
    await user.type(days, '0')
    expect(within(panel()).getByText('Invalid duration time')).toBeInTheDocument()
    expect(within(panel()).queryByRole('textbox', { name: 'Price' })).not.toBeInTheDocument()
    await user.clear(days)
    await user.type(days, '30')
    await user.type(within(panel()).getByRole('textbox', { name: /Plan name/ }), 'Monthly')
    await waitFor(() => expect(ctx.api.course!.plans[0]).toMatchObject({ name: 'Monthly', durationDays: 30 }))
    // Later edits keep the id the server gave: the plan is not created twice.
    await user.type(within(panel()).getByRole('textbox', { name: /Plan name/ }), ' plan')
    await waitFor(() => expect(ctx.api.course!.plans[0].name).toBe('Monthly plan'))
    expect(ctx.api.course!.plans).toHaveLength(1)
    expect(ctx.api.writes('/builder/subscription-update/').at(-1)!.body!.items).toEqual([expect.objectContaining({ id: ctx.api.course!.plans[0].id })])
  })

  it('asks price and currency when sales are enabled', async () => {
    ctx.api.course = draft({
      salesEnabled: true,
      plans: [{ id: 'p1', name: 'Yearly', durationDays: 365, price: null, currency: null, subscribed: false, reminderDays: [14, 3, 0] }],
    })
    const user = userEvent.setup()
    renderBuilder(tab('plans'))
    const price = await screen.findByRole('textbox', { name: 'Price' })
    await user.type(price, '12.999')
    expect(screen.getByText('Enter a valid price (up to 2 decimals)')).toBeInTheDocument()
    await user.clear(price)
    await user.type(price, '49.90')
    expect(screen.getByText('A price needs its currency')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Currency' }), 'zz')
    expect(screen.getByText(/Enter a 3-letter currency code/)).toBeInTheDocument()
    await user.clear(screen.getByRole('textbox', { name: 'Currency' }))
    await user.type(screen.getByRole('textbox', { name: 'Currency' }), 'mxn')
    await waitFor(() => expect(ctx.api.course!.plans[0]).toMatchObject({ id: 'p1', price: 49.9, currency: 'MXN' }))
  })
})

describe('a plan that cannot be saved', () => {
  const status = () => screen.getByRole('status', { name: 'Save status' })

  it('marks every field that keeps it back, and the header says it is not saved', async () => {
    ctx.api.course = draft({
      plans: [{ id: 'p1', name: 'Yearly', durationDays: 365, price: null, currency: null, subscribed: false, reminderDays: [14, 3, 0] }],
    })
    const user = userEvent.setup()
    renderBuilder(tab('plans'))
    await user.click(await screen.findByRole('button', { name: 'Add plan' }))
    // The new plan's duration is typed, its name not yet: nothing can be sent.
    const plan = within(panel()).getByRole('listitem', { name: 'Plan 2' })
    const days = within(plan).getByRole('textbox', { name: /Duration \(days\)/ })
    await user.clear(days)
    await user.type(days, '60')
    expect(screen.getByText('Fix the marked fields; the other changes are being saved.')).toBeInTheDocument()
    const name = within(plan).getByRole('textbox', { name: /Plan name/ })
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(within(plan).getByText('This field is required')).toBeInTheDocument()
    expect(status()).toHaveTextContent('Not saved: fix the marked fields')
    expect(status()).not.toHaveTextContent('All changes saved')
    await new Promise((r) => setTimeout(r, 1200))
    expect(ctx.api.writes('/builder/subscription-update/')).toHaveLength(0)

    await user.type(name, 'Bimonthly')
    await waitFor(() => expect(ctx.api.course!.plans).toHaveLength(2))
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
    expect(name).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('puts the server’s field messages on the fields, focuses the first, and keeps the status until fixed', async () => {
    ctx.api.course = draft({
      plans: [{ id: 'p1', name: 'Yearly', durationDays: 365, price: null, currency: null, subscribed: false, reminderDays: [14, 3, 0] }],
    })
    const user = userEvent.setup()
    renderBuilder(tab('plans'))
    await user.click(await screen.findByRole('button', { name: 'Add plan' }))
    const plan = within(panel()).getByRole('listitem', { name: 'Plan 2' })
    const name = within(plan).getByRole('textbox', { name: /Plan name/ })
    // Only the server knows the name is taken; the creator has moved on to the duration meanwhile.
    // The name typed and the duration focused at once, so the refusal surely comes back after the move
    // (typing key by key on a busy machine can outlast the save's one-second pause).
    const duration = within(plan).getByRole('textbox', { name: /Duration \(days\)/ })
    act(() => {
      fireEvent.change(name, { target: { value: 'yearly' } })
      duration.focus()
    })
    expect(duration).toHaveFocus()
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(within(panel()).getByRole('listitem', { name: 'yearly' })).toHaveTextContent('Already in the list')
    expect(name).toHaveFocus()
    expect(screen.getByText('Fix the marked fields; the other changes are being saved.')).toBeInTheDocument()
    expect(status()).toHaveTextContent('Not saved: fix the marked fields')

    // Another tab's change is saved meanwhile: the plans are still not.
    await user.click(screen.getByRole('tab', { name: 'General data' }))
    await user.type(await screen.findByRole('textbox', { name: 'Requirements' }), 'Curiosity')
    await waitFor(() => expect(ctx.api.course!.requirements).toBe('Curiosity'))
    expect(status()).toHaveTextContent('Not saved: fix the marked fields')

    // The plans tab draws the refused plan again, marked, and a new name saves it.
    await user.click(screen.getByRole('tab', { name: 'Plans' }))
    const again = within(await screen.findByRole('listitem', { name: 'yearly' })).getByRole('textbox', { name: /Plan name/ })
    expect(again).toHaveAttribute('aria-invalid', 'true')
    await user.clear(again)
    await user.type(again, 'Two years')
    await waitFor(() => expect(ctx.api.course!.plans.map((p) => p.name)).toEqual(['Yearly', 'Two years']))
    await waitFor(() => expect(status()).toHaveTextContent('All changes saved'))
  })
})

describe('the collaborators tab', () => {
  it('invites by username, shows the spec messages, and removes after confirming', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('collaborators'))
    const username = await screen.findByRole('textbox', { name: 'User to invite' })
    await user.type(username, 'ana{Enter}')
    expect(await screen.findByText('You’re already owner of the course'.replace('’', "'"))).toBeInTheDocument()
    await user.clear(username)
    await user.type(username, 'nobody{Enter}')
    expect(await screen.findByText('User not found')).toBeInTheDocument()
    await user.clear(username)
    await user.type(username, 'bruno{Enter}')
    expect(await screen.findByText('bruno was invited')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Collaborators' })).toHaveTextContent('Name of bruno')
    await user.click(screen.getByRole('button', { name: 'Remove bruno' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove bruno from the collaborators?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('bruno was removed')).toBeInTheDocument()
    expect(ctx.api.course!.collaborators).toEqual([])
  })

  it("tells a collaborator they can't manage this section", async () => {
    ctx.api.course = draft({
      role: 'collaborator',
      collaborators: [{ username: 'carla', name: '', role: 'collaborator', addedAt: '2026-01-01T00:00:00.000Z' }],
    })
    renderBuilder(tab('collaborators'))
    expect(await screen.findByText("You can't manage this section of the course")).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'User to invite' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove carla' })).not.toBeInTheDocument()
  })
})

describe('the FAQ and tags tabs', () => {
  it('saves a question once it has an answer, and tags without duplicates', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('faq'))
    await user.click(await screen.findByRole('button', { name: 'Add question' }))
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Is it free?')
    await user.click(screen.getByRole('textbox', { name: 'Answer 1' }))
    await user.tab()
    expect(screen.getByText('This field is required')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'Yes.')
    await waitFor(() => expect(ctx.api.course!.faq).toEqual([expect.objectContaining({ question: 'Is it free?', answer: 'Yes.' })]))
    expect(ctx.api.writes('/builder/faq-update/').every((w) => (w.body!.items as Array<{ answer: string }>).every((i) => i.answer !== ''))).toBe(true)

    await user.click(screen.getByRole('tab', { name: 'Tags' }))
    const tag = await screen.findByRole('textbox', { name: 'New tag' })
    await user.type(tag, 'maths{Enter}')
    await user.type(tag, 'Maths{Enter}')
    expect(screen.getByText('Already in the list')).toBeInTheDocument()
    await waitFor(() => expect(ctx.api.course!.tags).toEqual(['maths']))
  })
})
