import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderEditor, useContentServer } from './harness'

const ctx = useContentServer()
const saved = () => ctx.content.writes.filter((w) => w.path === '/blocks').map((w) => w.body.values as Record<string, unknown>)

describe('the evaluation form editor', () => {
  it('says what the form still needs, question by question, and saves the form as it is written', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics')
    renderEditor(ctx)
    await user.click(await screen.findByRole('button', { name: 'Add block to “Basics”' }))
    await user.click(screen.getByRole('menuitem', { name: 'Evaluation form' }))
    const form = await screen.findByRole('article', { name: 'Evaluation form' })
    expect(within(form).getByText('Add at least one question.')).toBeInTheDocument()
    expect(within(form).getByLabelText(/Form name/)).toHaveAccessibleDescription('Required')

    await user.type(within(form).getByLabelText(/Form name/), 'Quiz')
    const quiz = screen.getByRole('article', { name: 'Quiz' })
    await user.click(within(quiz).getByRole('button', { name: 'Add question' }))
    const question = within(quiz).getByRole('group', { name: 'Question 1' })
    expect(within(question).getByLabelText('Text of question 1')).toHaveAccessibleDescription('Write the question.')
    expect(within(question).getByText('Mark the correct answer.')).toBeInTheDocument()
    expect(within(question).getByLabelText('Text of option A of question 1')).toHaveAccessibleDescription('Write the option’s text.')

    await user.type(within(question).getByLabelText('Text of question 1'), 'Median?')
    await user.type(within(question).getByLabelText('Text of option A of question 1'), 'Middle')
    await user.type(within(question).getByLabelText('Text of option B of question 1'), 'Mode')
    await user.click(within(question).getByRole('radio', { name: 'Option A is correct' }))
    expect(within(question).queryByText('Mark the correct answer.')).not.toBeInTheDocument()
    expect(within(quiz).queryByText('Add at least one question.')).not.toBeInTheDocument()

    await waitFor(() =>
      expect(saved().at(-1)).toMatchObject({
        name: 'Quiz',
        tries: 1,
        requiredScore: 70,
        questions: [
          {
            type: 'single',
            text: 'Median?',
            options: [
              { text: 'Middle', correct: true },
              { text: 'Mode', correct: false },
            ],
          },
        ],
      }),
    )
    // Many fields typed into one by one: slow on a busy machine, so this test gets more time.
  }, 90_000)

  it('keeps one correct answer for single choice, several for multiple choice, and true/false as two fixed answers', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', {
      kind: 'form',
      values: {
        name: 'Quiz',
        tries: 2,
        requiredScore: 50,
        questions: [
          {
            id: 'q1',
            type: 'multiple',
            text: 'Pick the means',
            options: [
              { id: 'a', text: 'Arithmetic', correct: true },
              { id: 'b', text: 'Geometric', correct: true },
            ],
          },
        ],
      },
    })
    renderEditor(ctx)
    const quiz = await screen.findByRole('article', { name: 'Quiz' })
    await user.click(within(quiz).getByRole('button', { name: 'Edit' }))
    const question = within(quiz).getByRole('group', { name: 'Question 1' })
    expect(within(question).getByRole('checkbox', { name: 'Option A is correct' })).toBeChecked()
    expect(within(question).getByRole('checkbox', { name: 'Option B is correct' })).toBeChecked()

    await user.click(within(question).getByRole('combobox', { name: 'Type of question 1' }))
    await user.click(screen.getByRole('option', { name: 'Single choice' }))
    expect(within(question).getByRole('radio', { name: 'Option A is correct' })).toBeChecked()
    expect(within(question).getByRole('radio', { name: 'Option B is correct' })).not.toBeChecked()

    await user.click(within(question).getByRole('combobox', { name: 'Type of question 1' }))
    await user.click(screen.getByRole('option', { name: 'True or false' }))
    expect(within(question).getByRole('radio', { name: 'True' })).not.toBeChecked()
    expect(within(question).getByText('Mark the correct answer.')).toBeInTheDocument()
    await user.click(within(question).getByRole('radio', { name: 'False' }))
    await waitFor(() =>
      expect(saved().at(-1)?.questions).toMatchObject([
        {
          type: 'boolean',
          options: [
            { text: 'true', correct: false },
            { text: 'false', correct: true },
          ],
        },
      ]),
    )
  })

  it('does not save tries or a required score out of range, and saves them once corrected', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'form', values: { name: 'Quiz', tries: 2, requiredScore: 50, questions: [] } })
    renderEditor(ctx)
    const quiz = await screen.findByRole('article', { name: 'Quiz' })
    await user.click(within(quiz).getByRole('button', { name: 'Edit' }))
    const tries = within(quiz).getByLabelText('Attempts allowed')
    await user.clear(tries)
    await user.type(tries, '25')
    expect(tries).toHaveAccessibleDescription('Enter a whole number from 1 to 20')
    const score = within(quiz).getByLabelText('Required score (%)')
    await user.clear(score)
    await user.type(score, '120')
    expect(score).toHaveAccessibleDescription('Enter a percentage from 0 to 100')
    expect(within(quiz).getByText('Correct the marked fields to save this block.')).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 300))
    expect(saved().some((v) => (v.tries as number) > 20 || (v.requiredScore as number) > 100)).toBe(false)

    await user.clear(tries)
    await user.type(tries, '3')
    await user.clear(score)
    await user.type(score, '80')
    await waitFor(() => expect(saved().at(-1)).toMatchObject({ name: 'Quiz', tries: 3, requiredScore: 80 }))
    expect(within(quiz).queryByText('Correct the marked fields to save this block.')).not.toBeInTheDocument()
  })

  it('writes numeric, matching, ordering and essay questions and the form settings, and moves ordering items with buttons', async () => {
    const user = userEvent.setup()
    const q = (id: string, type: string, extra: Record<string, unknown>) => ({ id, type, text: `Question ${id}`, ...extra })
    ctx.content.section('Basics', {
      kind: 'form',
      values: {
        name: 'Quiz',
        tries: 2,
        requiredScore: 50,
        questions: [
          q('n', 'numeric', { tolerance: 0 }),
          q('m', 'matching', {
            pairs: [
              { id: 'p1', left: '', right: '' },
              { id: 'p2', left: '', right: '' },
            ],
          }),
          q('o', 'ordering', {
            items: [
              { id: 'i1', text: 'Second' },
              { id: 'i2', text: 'First' },
            ],
          }),
          q('e', 'essay', { maxPoints: 10 }),
        ],
      },
    })
    renderEditor(ctx)
    const quiz = await screen.findByRole('article', { name: 'Quiz' })
    await user.click(within(quiz).getByRole('button', { name: 'Edit' }))
    const numeric = within(quiz).getByRole('group', { name: 'Question 1' })
    expect(within(numeric).getByText('Write the right number.')).toBeInTheDocument()
    await user.type(within(numeric).getByRole('textbox', { name: 'Right answer of question 1' }), '2,5')
    await user.clear(within(numeric).getByRole('textbox', { name: 'Tolerance (±)' }))
    await user.type(within(numeric).getByRole('textbox', { name: 'Tolerance (±)' }), '0.1')
    const matching = within(quiz).getByRole('group', { name: 'Question 2' })
    expect(within(matching).getAllByText('Write both sides of the pair.')).toHaveLength(4)
    await user.type(within(matching).getByRole('textbox', { name: 'Item 1' }), 'Bar')
    await user.type(within(matching).getByRole('textbox', { name: 'Match of item 1' }), 'Counts')
    await user.type(within(matching).getByRole('textbox', { name: 'Item 2' }), 'Pie')
    await user.type(within(matching).getByRole('textbox', { name: 'Match of item 2' }), 'Shares')
    const ordering = within(quiz).getByRole('group', { name: 'Question 3' })
    await user.click(within(ordering).getByRole('button', { name: 'Move item 2 up' }))
    expect(within(ordering).getByRole('textbox', { name: 'Item 1' })).toHaveValue('First')
    const points = within(within(quiz).getByRole('group', { name: 'Question 4' })).getByRole('textbox', { name: 'Maximum points' })
    await user.clear(points)
    await user.type(points, '20')
    await user.type(within(quiz).getByLabelText('Time limit (minutes)'), '15')
    await user.click(within(quiz).getByRole('checkbox', { name: 'Shuffle the questions' }))
    await waitFor(() =>
      expect(saved().at(-1)).toMatchObject({
        timeLimitMinutes: 15,
        shuffleQuestions: true,
        questions: [
          { type: 'numeric', answer: 2.5, tolerance: 0.1 },
          {
            type: 'matching',
            pairs: [
              { left: 'Bar', right: 'Counts' },
              { left: 'Pie', right: 'Shares' },
            ],
          },
          {
            type: 'ordering',
            items: [
              { id: 'i2', text: 'First' },
              { id: 'i1', text: 'Second' },
            ],
          },
          { type: 'essay', maxPoints: 20 },
        ],
      }),
    )
  }, 90_000)
})
