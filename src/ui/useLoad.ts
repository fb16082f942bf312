import { useCallback, useEffect, useState } from 'react'

export interface Loaded<T> {
  data: T | undefined
  error: Error | undefined
  isPending: boolean
  reload: () => void
}

/** Runs `load` when `key` changes and keeps its latest answer; answers of a stale key are dropped. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: Error }>({ key: '' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    load().then(
      (data) => live && setState({ key: `${key}#${round}`, data }),
      (error: Error) => live && setState({ key: `${key}#${round}`, error }),
    )
    return () => {
      live = false
    }
    // `load` is a fresh closure on every render; `key` says when its answer changes.
  }, [key, round])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  const current = state.key === `${key}#${round}`
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, isPending: !current, reload }
}
