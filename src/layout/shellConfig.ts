import { useSyncExternalStore } from 'react'

/**
 * What the shell shows that a deployment chooses: the apps dropdown's links, the website the
 * website-admin menu edits, the footer's build number and developer. Defaults here; the server's
 * `GET /api/config` can feed them through `setShellConfig` when it serves them.
 */
export interface ShellConfig {
  apps: { website: string; social: string; video: string; shortVideo: string }
  /** The site segment of the website-admin routes (`/admin/{site}/…`). */
  site: string
  buildNumber: number
  developedBy: string
  /** Where the developed-by line links; none keeps it plain text. */
  developedByUrl?: string
}

export const DEFAULT_SHELL_CONFIG: ShellConfig = {
  apps: {
    website: 'https://aula.example.org',
    social: 'https://www.facebook.com/aula.example',
    video: 'https://www.youtube.com/@aula.example',
    shortVideo: 'https://www.tiktok.com/@aula.example',
  },
  site: 'website',
  buildNumber: 123,
  developedBy: 'Aula',
}

let current = DEFAULT_SHELL_CONFIG
const listeners = new Set<() => void>()

/** Replaces part of the shell configuration (for example with what `GET /api/config` answers). */
export function setShellConfig(change: Partial<ShellConfig>) {
  current = { ...current, ...change, apps: { ...current.apps, ...change.apps } }
  listeners.forEach((l) => l())
}

export function useShellConfig(): ShellConfig {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => current,
    () => current,
  )
}

/** The footer's build label: spec §9, padded to 4 digits. */
export const buildLabel = (build: number) => String(build).padStart(4, '0')

/** Takes what the shell uses from the server's `GET /api/config` answer (today: the build number). */
export function applyServerConfig(config: { build?: number }) {
  if (typeof config.build === 'number') setShellConfig({ buildNumber: config.build })
}
