import { use, type ReactNode } from 'react'
import { loadWebsiteTexts } from '../i18n'

let ready: Promise<void> | null = null

/** Draws its children once the website editors' texts are part of the current catalogue. Suspends until then. */
export function WithWebsiteTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadWebsiteTexts()))
  return children
}
