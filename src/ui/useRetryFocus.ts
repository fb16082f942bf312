import { useCallback, useEffect, useRef } from 'react'
import type { Loaded } from './useLoad'

/**
 * 'Try again' without losing the keyboard: the button goes away while the load runs, so once it is
 * answered the focus moves to what came back (`contentRef`, a heading with tabIndex -1 or a control),
 * or to the new 'Try again' when it failed again. Only after a retry: a first load leaves focus alone.
 */
export function useRetryFocus<E extends HTMLElement = HTMLHeadingElement>(loaded: Loaded<unknown>) {
  const waiting = useRef(false)
  const retryRef = useRef<HTMLButtonElement>(null)
  const contentRef = useRef<E>(null)
  const { isPending, error, reload } = loaded
  useEffect(() => {
    if (!waiting.current || isPending) return
    waiting.current = false
    ;(error ? retryRef.current : contentRef.current)?.focus()
  }, [isPending, error])
  const retry = useCallback(() => {
    waiting.current = true
    reload()
  }, [reload])
  return { retry, retryRef, contentRef }
}
