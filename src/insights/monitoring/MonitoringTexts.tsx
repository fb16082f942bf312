import { use, type ReactNode } from 'react'
import { loadMonitoringTexts } from '../../i18n'
import { WithChartTexts } from '../../ui/charts'

let ready: Promise<void> | null = null

/** Draws its children once the monitoring texts (`aula.monitoring`) and the chart kit's are loaded. */
export function WithMonitoringTexts({ children }: { children: ReactNode }) {
  use((ready ??= loadMonitoringTexts()))
  return <WithChartTexts>{children}</WithChartTexts>
}
