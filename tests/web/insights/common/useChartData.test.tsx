import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useChartData, type ChartDataOptions } from '../../../../src/ui/charts'

/** A fake API: every call is recorded and answered when the test says so. */
function api() {
  const calls: Array<{ question: string; answer: (value: string[]) => void; fail: (error: Error) => void }> = []
  const load = (question: string) =>
    new Promise<string[]>((answer, fail) => {
      calls.push({ question, answer, fail })
    })
  return { calls, load }
}

type Props = { question: string; options?: ChartDataOptions<string[]> }

function mount(load: (question: string) => Promise<string[]>, initial: Props) {
  return renderHook(({ question, options }: Props) => useChartData(() => load(question), ['rows', question], options), { initialProps: initial })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the data behind an insights chart', () => {
  it('loads, then hands the answer and a settled panel state', async () => {
    const server = api()
    const { result } = mount(server.load, { question: 'may' })
    expect(result.current.panel).toMatchObject({ loading: true, error: undefined })
    expect(result.current.data).toBeUndefined()
    await act(async () => server.calls[0].answer(['a', 'b']))
    expect(result.current.data).toEqual(['a', 'b'])
    expect(result.current.panel.loading).toBe(false)
    // Without `isEmpty` the panel decides emptiness from its rows.
    expect('empty' in result.current.panel).toBe(false)
  })

  it('asks again for a new question and never shows the answer to an earlier one', async () => {
    const server = api()
    const { result, rerender } = mount(server.load, { question: 'may' })
    rerender({ question: 'june' })
    expect(server.calls.map((c) => c.question)).toEqual(['may', 'june'])
    await act(async () => server.calls[0].answer(['late may']))
    expect(result.current.data).toBeUndefined()
    expect(result.current.panel.loading).toBe(true)
    await act(async () => server.calls[1].answer(['june']))
    expect(result.current.data).toEqual(['june'])
  })

  it('asks again on the screen refresh (a new round) and on the panel retry after a failure', async () => {
    const server = api()
    const { result, rerender } = mount(server.load, { question: 'may', options: { round: 0 } })
    await act(async () => server.calls[0].fail(new Error('no answer')))
    expect(result.current.panel.error?.message).toBe('no answer')
    expect(result.current.panel.loading).toBe(false)
    act(() => result.current.panel.onRetry())
    expect(server.calls).toHaveLength(2)
    expect(result.current.panel).toMatchObject({ loading: true, error: undefined })
    await act(async () => server.calls[1].answer(['ok']))
    rerender({ question: 'may', options: { round: 1 } })
    expect(server.calls).toHaveLength(3)
    expect(result.current.panel.loading).toBe(true)
  })

  it('asks again by itself on its timer while mounted, and stops when unmounted', async () => {
    vi.useFakeTimers()
    const server = api()
    const { unmount } = mount(server.load, { question: 'now', options: { refreshEvery: 30_000 } })
    expect(server.calls).toHaveLength(1)
    await act(async () => vi.advanceTimersByTimeAsync(29_000))
    expect(server.calls).toHaveLength(1)
    await act(async () => vi.advanceTimersByTimeAsync(1_000))
    expect(server.calls).toHaveLength(2)
    unmount()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(server.calls).toHaveLength(2)
  })

  it('says an answer is empty by the given rule, and counts no answer yet as empty', async () => {
    const server = api()
    const isEmpty = (rows: string[]) => rows.every((r) => r === '0')
    const { result, rerender } = mount(server.load, { question: 'may', options: { isEmpty } })
    expect(result.current.panel.empty).toBe(true)
    await act(async () => server.calls[0].answer(['0', '0']))
    expect(result.current.panel.empty).toBe(true)
    rerender({ question: 'june', options: { isEmpty } })
    await act(async () => server.calls[1].answer(['0', '3']))
    await waitFor(() => expect(result.current.panel.empty).toBe(false))
  })
})
