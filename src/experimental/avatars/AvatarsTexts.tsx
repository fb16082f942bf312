import { use, type ReactNode } from 'react'
import { loadAvatarsTexts } from '../../i18n'

let ready: Promise<void> | null = null

/** Draws its children once the AI avatars texts are part of the current catalogue. Suspends until then. */
export function WithAvatarsTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadAvatarsTexts()))
  return children
}
