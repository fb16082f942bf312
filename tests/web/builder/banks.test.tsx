import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COURSE, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
const banksTab = `/creator/courses/${COURSE}/banks`

describe('the question banks tab', () => {
  it('adds a bank, names it and writes its questions with the form editors, each write carrying the course revision', async () => {
    const user = userEvent.setup()
    renderBuilder(banksTab)
    expect(await screen.findByText('This course has no question banks yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add a bank' }))
    await waitFor(() => expect(ctx.api.banks).toHaveLength(1))
    await user.type(screen.getByRole('textbox', { name: 'Bank name' }), 'Capitals')
    await user.click(screen.getByRole('button', { name: 'Add a question' }))
    const question = screen.getByRole('group', { name: 'Question 1' })
    await user.type(within(question).getByRole('textbox', { name: 'Text of question 1' }), 'Capital of France?')
    await user.click(within(question).getByRole('combobox', { name: 'Type of question 1' }))
    await user.click(screen.getByRole('option', { name: 'Short answer' }))
    const accepted = within(question).getByRole('group', { name: 'Accepted answers of question 1' })
    await user.type(within(accepted).getByRole('textbox', { name: 'Accepted answer 1' }), 'Paris')
    await user.click(within(question).getByRole('button', { name: 'Add an accepted answer' }))
    await user.type(within(question).getByRole('textbox', { name: 'Accepted answer 2' }), 'París')
    await user.click(within(question).getByRole('checkbox', { name: 'Upper and lower case must match' }))
    await waitFor(() =>
      expect(ctx.api.banks[0]).toMatchObject({
        name: 'Capitals',
        questions: [{ type: 'short', text: 'Capital of France?', accepted: ['Paris', 'París'], caseSensitive: true, foldAccents: true }],
      }),
    )
    const writes = ctx.api.writes().filter((w) => w.path.startsWith('/banks'))
    expect(writes.map((w) => w.body?.revision)).toEqual(writes.map((_, i) => i + 1))
    expect(screen.getByRole('heading', { name: 'Capitals' })).toBeInTheDocument()
  }, 60_000)

  it('deletes a bank once asked to confirm', async () => {
    ctx.api.banks = [{ id: '7d3c9f0e-1b2d-4c3e-8f4a-6b7c8d9e0f1a', name: 'Old bank', questions: [] }]
    const user = userEvent.setup()
    renderBuilder(banksTab)
    await user.click(await screen.findByRole('button', { name: /Old bank/ }))
    await user.click(screen.getByRole('button', { name: 'Delete “Old bank”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete the bank “Old bank”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(ctx.api.banks).toEqual([]))
    expect(screen.getByText('This course has no question banks yet.')).toBeInTheDocument()
  })
})
