import { useCallback, useEffect, useRef } from 'react'

/** Schedules work after a delay (requirements §9's redirect delays), cancelled when the screen goes away. */
export function useLater() {
  const timers = useRef<number[]>([])
  useEffect(() => {
    const list = timers.current
    return () => list.forEach((t) => window.clearTimeout(t))
  }, [])
  return useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms))
  }, [])
}

/** Requirements §9's redirect delays. */
export const DELAYS = { login: 2000, signUp: 4000, confirm: 3000, unconfirmed: 3000 } as const
