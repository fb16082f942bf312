import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DateRangePicker, presetRange, useDateRange, validateRange, type DateRange } from '../../../../src/ui/charts'
import { renderKit } from './harness'

// Only the clock's date is fixed (to 22 November 2026, midday local time): timers run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0))
})
afterEach(() => {
  vi.useRealTimers()
  window.history.replaceState(null, '', '/')
})

function Controlled({ initial, onChange }: { initial: DateRange; onChange: (r: DateRange) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <DateRangePicker
      value={value}
      onChange={(r) => {
        onChange(r)
        setValue(r)
      }}
    />
  )
}

const from = () => screen.getByLabelText('From')
const to = () => screen.getByLabelText('To')
const typeDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })

describe('period picker', () => {
  it('applies a quick period at once and marks it as the current one', async () => {
    const onChange = vi.fn()
    await renderKit(<Controlled initial={{ from: '2026-10-24', to: '2026-11-22' }} onChange={onChange} />)
    const presets = screen.getByRole('group', { name: 'Quick periods' })
    expect(presets).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true')

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-16', to: '2026-11-22' })
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false')
    expect(from()).toHaveValue('2026-11-16')

    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }))
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-08-25', to: '2026-11-22' })
    await userEvent.click(screen.getByRole('button', { name: 'This year' }))
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-01', to: '2026-11-22' })
    expect(to()).toHaveValue('2026-11-22')
  })

  it('applies typed dates with the button, not while typing', async () => {
    const onChange = vi.fn()
    await renderKit(<Controlled initial={presetRange('last30', '2026-11-22')} onChange={onChange} />)
    typeDate(from(), '2026-03-01')
    typeDate(to(), '2026-03-31')
    expect(onChange).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2026-03-01', to: '2026-03-31' })
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('says what is wrong with typed dates and applies nothing', async () => {
    const onChange = vi.fn()
    await renderKit(<Controlled initial={presetRange('last30', '2026-11-22')} onChange={onChange} />)
    const apply = () => userEvent.click(screen.getByRole('button', { name: 'Apply' }))

    typeDate(from(), '2026-11-10')
    typeDate(to(), '2026-11-01')
    await apply()
    expect(from()).toHaveAccessibleDescription('The start date must be on or before the end date')
    expect(from()).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(from()).toHaveFocus())

    typeDate(from(), '2026-11-01')
    typeDate(to(), '2026-11-23')
    await apply()
    expect(to()).toHaveAccessibleDescription('The date cannot be later than today (2026-11-22)')
    expect(from()).not.toHaveAttribute('aria-invalid', 'true')

    typeDate(from(), '2023-11-21')
    typeDate(to(), '2026-11-22')
    await apply()
    expect(to()).toHaveAccessibleDescription('The period cannot be longer than 3 years')

    typeDate(from(), '')
    await apply()
    expect(from()).toHaveAccessibleDescription('Enter a date')
    expect(onChange).not.toHaveBeenCalled()

    // Exactly three years is allowed.
    typeDate(from(), '2023-11-22')
    await apply()
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2023-11-22', to: '2026-11-22' })
  })

  it('checks each rule on its own', () => {
    const today = '2026-11-22'
    expect(validateRange({ from: '2026-02-30', to: '2026-03-01' }, today)).toEqual({ from: 'invalid' })
    expect(validateRange({ from: '', to: '' }, today)).toEqual({ from: 'required', to: 'required' })
    expect(validateRange({ from: '2026-11-22', to: '2026-11-22' }, today)).toEqual({})
    expect(validateRange({ from: '2027-01-01', to: '2027-01-02' }, today)).toEqual({ from: 'future', to: 'future' })
    expect(validateRange({ from: '2024-02-29', to: '2026-11-22' }, today)).toEqual({})
    expect(presetRange('thisYear', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' })
  })
})

function Screen() {
  const period = useDateRange()
  return (
    <>
      <DateRangePicker {...period} />
      <p>
        Showing {period.value.from} to {period.value.to}
      </p>
    </>
  )
}

describe('period in the address', () => {
  it('starts from ?from=&to= and writes the chosen period back, keeping other parameters', async () => {
    window.history.replaceState(null, '', '/admin/finances/sales?currency=EUR&from=2026-02-01&to=2026-02-28')
    await renderKit(<Screen />)
    expect(screen.getByText('Showing 2026-02-01 to 2026-02-28')).toBeInTheDocument()
    expect(from()).toHaveValue('2026-02-01')

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    expect(await screen.findByText('Showing 2026-11-16 to 2026-11-22')).toBeInTheDocument()
    const query = new URLSearchParams(window.location.search)
    expect(Object.fromEntries(query)).toEqual({ currency: 'EUR', from: '2026-11-16', to: '2026-11-22' })

    typeDate(from(), '2026-05-01')
    typeDate(to(), '2026-05-02')
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('Showing 2026-05-01 to 2026-05-02')).toBeInTheDocument()
    expect(window.location.search).toBe('?currency=EUR&from=2026-05-01&to=2026-05-02')
  })

  it('shows the last 30 days when the address has no period or an invalid one', async () => {
    window.history.replaceState(null, '', '/admin/monitoring?from=2026-12-01&to=2026-11-01')
    await renderKit(<Screen />)
    expect(screen.getByText('Showing 2026-10-24 to 2026-11-22')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true')
  })
})
