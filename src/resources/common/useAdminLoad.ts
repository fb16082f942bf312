import { useCallback, useEffect, useState } from 'react'

export interface Loaded<T> {
  data: T | undefined
  error: unknown
  isPending: boolean
  reload: () => void
}

/** Runs `load` when `key` changes or on `reload`, keeping the latest answer; answers of a stale key are dropped. */
export function useAdminLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown }>({ key: '' })
  const [round, setRound] = useState(0)
  const current = `${key}#${round}`
  useEffect(() => {
    let live = true
    load().then(
      (data) => live && setState({ key: current, data }),
      (error: unknown) => live && setState({ key: current, error }),
    )
    return () => {
      live = false
    }
    // `load` is a fresh closure on every render; `key` and `round` say when its answer changes.
  }, [current])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  const fresh = state.key === current
  // While reloading, the last answer stays on screen (no flash of a spinner).
  return { data: state.data, error: fresh ? state.error : undefined, isPending: !fresh, reload }
}
