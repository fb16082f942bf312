import { useCallback, useEffect, useRef } from 'react'

/**
 * A signal for work a screen starts (a download that waits for a busy server): `signal()` answers the
 * signal of the screen's current controller, aborted when the screen goes away.
 */
export function useAbortOnUnmount(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null)
  useEffect(() => {
    const current = new AbortController()
    controller.current = current
    return () => current.abort()
  }, [])
  return useCallback(() => (controller.current ??= new AbortController()).signal, [])
}
