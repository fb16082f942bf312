import { LinearProgress } from '@mui/material'
import { Suspense, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { screenGroups } from '../../../contracts/screens'
import { GroupGate } from '../../layout/access/GroupGate'
import { AnalyticsScreen as Analytics } from '../analytics/AnalyticsScreen'
import { MonitoringScreen as Monitoring } from './MonitoringScreen'
import { WithMonitoringTexts } from './MonitoringTexts'

/**
 * A monitoring screen as App.tsx routes it: only for the groups `screenPolicy` names for its path
 * (anyone else sees permission denied before any call is made), drawn once its texts and the chart
 * kit's are loaded.
 */
function MonitoringGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <GroupGate groups={screenGroups(pathname) ?? ['admin']}>
      <Suspense fallback={<LinearProgress aria-hidden="true" />}>
        <WithMonitoringTexts>{children}</WithMonitoringTexts>
      </Suspense>
    </GroupGate>
  )
}

export const MonitoringScreen = () => (
  <MonitoringGate>
    <Monitoring />
  </MonitoringGate>
)

export const AnalyticsScreen = () => (
  <MonitoringGate>
    <Analytics />
  </MonitoringGate>
)
