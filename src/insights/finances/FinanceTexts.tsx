import { use, type ReactNode } from 'react'
import { loadFinanceTexts } from '../../i18n'
import { WithChartTexts } from '../../ui/charts'

let ready: Promise<void> | null = null

/**
 * Draws its children once the finance screens' texts (`aula.finances`) and the chart kit's are part of
 * the current catalogue: both download with the insights area. Suspends until then.
 */
export function WithFinanceTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadFinanceTexts()))
  return <WithChartTexts>{children}</WithChartTexts>
}
