import { useCallback, useSyncExternalStore } from 'react'
import { applyLayoutChange, DEFAULT_LAYOUT_SETTINGS, normalize, type LayoutSettings } from './layoutSettings'

/** Where the layout settings live: per browser, kept across sign-outs (react-admin's store is reset on logout). */
export const LAYOUT_SETTINGS_KEY = 'aula.layoutSettings'

const listeners = new Set<() => void>()
let cached: { raw: string | null; value: LayoutSettings } | undefined

function read(): LayoutSettings {
  const raw = localStorage.getItem(LAYOUT_SETTINGS_KEY)
  if (cached && cached.raw === raw) return cached.value
  let value = DEFAULT_LAYOUT_SETTINGS
  if (raw) {
    try {
      value = normalize(JSON.parse(raw))
    } catch {
      value = DEFAULT_LAYOUT_SETTINGS
    }
  }
  cached = { raw, value }
  return value
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab of the same browser changed them.
  const onStorage = (event: StorageEvent) => event.key === LAYOUT_SETTINGS_KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Applies a change with the forced combinations of requirements §4 and stores the result. */
export function updateLayoutSettings(change: Partial<LayoutSettings>) {
  const next = applyLayoutChange(read(), change)
  localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(next))
  listeners.forEach((l) => l())
}

/** The current layout settings and a setter that applies requirements §4's rules. */
export function useLayoutSettings(): [LayoutSettings, (change: Partial<LayoutSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, read, () => DEFAULT_LAYOUT_SETTINGS)
  const update = useCallback((change: Partial<LayoutSettings>) => updateLayoutSettings(change), [])
  return [settings, update]
}
