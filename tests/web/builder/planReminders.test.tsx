import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { parseReminderDays } from '../../../src/builder/plans/PlansTab'
import { COURSE, draft, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
const panel = () => screen.getByRole('tabpanel')

describe('the plans tab’s reminder thresholds', () => {
  it('shows the plan’s thresholds, refuses what is not a list of days and saves the corrected list, largest first', async () => {
    ctx.api.course = draft({
      plans: [{ id: 'p1', name: 'Yearly', durationDays: 365, price: null, currency: null, subscribed: false, reminderDays: [14, 3, 0] }],
    })
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/plans`)
    const field = await within(await screen.findByRole('tabpanel')).findByRole('textbox', { name: 'Reminders (days before expiry)' })
    expect(field).toHaveValue('14, 3, 0')
    expect(field).toHaveAccessibleDescription(
      "E-mails to the plan's learners, in days before it expires, separated by commas; 0 is the day it expires. Empty: none.",
    )

    await user.clear(field)
    await user.type(field, '30, soon')
    expect(within(panel()).getByText('Enter up to 5 whole numbers from 0 to 365, separated by commas')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(ctx.api.writes('/builder/subscription-update/')).toHaveLength(0)

    await user.clear(field)
    await user.type(field, '7, 30, 1, 7')
    await waitFor(() => expect(ctx.api.course!.plans[0]).toMatchObject({ id: 'p1', reminderDays: [30, 7, 1] }))
    expect(ctx.api.writes('/builder/subscription-update/').at(-1)!.body!.items).toEqual([expect.objectContaining({ id: 'p1', reminderDays: [30, 7, 1] })])
  })

  it('a new plan starts with 14, 3 and 0 days', async () => {
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/plans`)
    await user.click(await screen.findByRole('button', { name: 'Add plan' }))
    expect(within(panel()).getByRole('textbox', { name: 'Reminders (days before expiry)' })).toHaveValue('14, 3, 0')
  })

  it('reads thresholds as people type them', () => {
    expect(parseReminderDays('')).toEqual([])
    expect(parseReminderDays('0')).toEqual([0])
    expect(parseReminderDays(' 3;14 , 0 ')).toEqual([14, 3, 0])
    expect(parseReminderDays('1, 2, 3, 4, 5, 6')).toBeNull()
    expect(parseReminderDays('366')).toBeNull()
    expect(parseReminderDays('-1')).toBeNull()
    expect(parseReminderDays('2.5')).toBeNull()
  })
})
