import { use, type ReactNode } from 'react'
import { loadChartTexts } from '../../i18n'

let ready: Promise<void> | null = null

/**
 * Draws its children once the chart kit's texts (`aula.charts`) are part of the current catalogue:
 * they download with the insights area, not with every page. Suspends until then, so it goes inside a
 * Suspense boundary (App.tsx has one around every screen).
 */
export function WithChartTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadChartTexts()))
  return children
}
