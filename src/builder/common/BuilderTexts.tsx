import { use, type ReactNode } from 'react'
import { loadBuilderTexts } from '../../i18n'

let ready: Promise<void> | null = null

/**
 * Draws its children once the builder's texts are part of the current catalogue (they download with
 * the builder area, not with every page). Suspends until then.
 */
export function WithBuilderTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadBuilderTexts()))
  return children
}
