import { LinearProgress } from '@mui/material'
import { createElement, Suspense, type ComponentType } from 'react'
import { useLocation } from 'react-router-dom'
import { screenGroups } from '../../contracts/policy'
import { AnalyticsScreen as Analytics } from '../insights/analytics/AnalyticsScreen'
import { MonitoringScreen as Monitoring } from '../insights/monitoring/MonitoringScreen'
import { WithMonitoringTexts } from '../insights/monitoring/MonitoringTexts'
import { GroupGate } from '../layout/access/GroupGate'

/**
 * The insights chunk (admin monitoring and analytics; finances add theirs here). Each screen is only
 * for the groups `screenPolicy` names for its path (anyone else sees permission denied before any
 * call is made), and is drawn once its texts and the chart kit's are loaded.
 */
const monitoringScreen = (Screen: ComponentType) =>
  function InsightsScreen() {
    const { pathname } = useLocation()
    return createElement(
      GroupGate,
      { groups: screenGroups(pathname) ?? ['admin'] },
      createElement(Suspense, { fallback: createElement(LinearProgress, { 'aria-hidden': true }) }, createElement(WithMonitoringTexts, null, createElement(Screen))),
    )
  }

export const MonitoringScreen = monitoringScreen(Monitoring)
export const AnalyticsScreen = monitoringScreen(Analytics)
