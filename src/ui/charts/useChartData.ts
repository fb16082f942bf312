import { useEffect, useState } from 'react'
import { useLoad } from '../useLoad'

/** What a panel needs to draw its loading, error and empty states (spread it into `ChartPanel`). */
export interface PanelState {
  /** True until the answer for the current question has come. */
  loading: boolean
  /** The load's failure, if it failed. */
  error: Error | undefined
  /** Asks the same question again (the panel's "Retry"). */
  onRetry: () => void
  /** Only with `isEmpty`: the answer has nothing to draw (no answer yet counts as nothing). */
  empty?: boolean
}

export interface ChartDataOptions<T> {
  /** A count of the screen's "Refresh" presses: a new value asks again. */
  round?: number
  /** Asks again by itself this often (milliseconds) while the panel is shown. */
  refreshEvery?: number
  /** Whether an answer has nothing to draw; without it a panel is empty when it has no rows. */
  isEmpty?: (data: T) => boolean
}

export interface ChartData<T> {
  /** The answer for the current question; undefined while it loads or when it failed. */
  data: T | undefined
  /** Asks again now. */
  reload: () => void
  /** The panel's loading, error and empty states. */
  panel: PanelState
}

/**
 * The data behind one insights chart: `load` runs whenever `question` (the period, the grouping…)
 * changes, on the screen's Refresh (`round`), on the panel's Retry and, with `refreshEvery`, on a
 * timer; an answer to an earlier question is never shown.
 */
export function useChartData<T>(load: () => Promise<T>, question: ReadonlyArray<string | number | undefined>, options: ChartDataOptions<T> = {}): ChartData<T> {
  const { round = 0, refreshEvery, isEmpty } = options
  const tick = useTick(refreshEvery)
  const { data, error, isPending, reload } = useLoad(load, JSON.stringify([...question, round, tick]))
  const panel: PanelState = { loading: isPending, error, onRetry: reload }
  if (isEmpty) panel.empty = data === undefined || isEmpty(data)
  return { data, reload, panel }
}

/** A count that goes up every `ms` milliseconds while the caller is mounted (stays 0 without `ms`). */
function useTick(ms: number | undefined): number {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    if (!ms) return
    const timer = setInterval(() => setTick((t) => t + 1), ms)
    return () => clearInterval(timer)
  }, [ms])
  return tick
}
