import { useEffect, useSyncExternalStore } from 'react'
import type { AppLinks, PublicConfig } from '../../contracts/config'
import { loadPublicConfig } from '../authProvider/config'

/**
 * What the shell shows that a deployment chooses: the apps dropdown's links, the website the
 * website-admin menu edits, the footer's build number and developer. The server's `GET /api/config`
 * answer replaces these defaults (`applyServerConfig`).
 */
export interface ShellConfig {
  /** The apps dropdown's links; an absent one is hidden, none hides the dropdown. */
  apps: AppLinks
  /** The site segment of the website-admin routes (`/admin/{site}/…`). */
  site: string
  buildNumber: number
  developedBy: string
  /** Where the developed-by line links; none keeps it plain text. */
  developedByUrl?: string
}

/** Until the server answers (and if it cannot): no links, so no apps dropdown. */
export const DEFAULT_SHELL_CONFIG: ShellConfig = {
  apps: {},
  site: 'website',
  buildNumber: 123,
  developedBy: 'Aula',
}

let current = DEFAULT_SHELL_CONFIG
const listeners = new Set<() => void>()

/** Replaces part of the shell configuration (for example with what `GET /api/config` answers). */
export function setShellConfig(change: Partial<ShellConfig>) {
  current = { ...current, ...change }
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

/** The footer's build label: requirements §9, padded to 4 digits. */
export const buildLabel = (build: number) => String(build).padStart(4, '0')

/** Takes what the shell uses from the server's `GET /api/config` answer: build number, links, developer. */
export function applyServerConfig(config: Pick<PublicConfig, 'build' | 'links' | 'developedBy'>) {
  setShellConfig({
    buildNumber: config.build,
    apps: { ...config.links },
    developedBy: config.developedBy?.text ?? DEFAULT_SHELL_CONFIG.developedBy,
    developedByUrl: config.developedBy?.url,
  })
}

/**
 * Feeds the shell from the web app's one `GET /api/config` load (the same promise the sign-in
 * screens and the authProvider use, so no second request). Without an answer the defaults stay.
 */
export function useServerShellConfig() {
  useEffect(() => {
    loadPublicConfig().then(applyServerConfig, () => undefined)
  }, [])
}
