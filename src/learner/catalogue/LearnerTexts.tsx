import { use, type ReactNode } from 'react'
import { loadLearnerTexts } from '../../i18n'

let ready: Promise<void> | null = null

/**
 * Draws its children once the learner area's texts are part of the current catalogue (they download
 * with the learner area, not with every page). Suspends until then.
 */
export function WithLearnerTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadLearnerTexts()))
  return children
}
