import { createElement, type ComponentType } from 'react'
import { AnalyticsScreen as Analytics } from '../insights/analytics/AnalyticsScreen'
import { MonitoringScreen as Monitoring } from '../insights/monitoring/MonitoringScreen'
import { WithMonitoringTexts } from '../insights/monitoring/MonitoringTexts'

/**
 * The insights chunk (admin monitoring and analytics; finances add theirs here): each screen drawn once
 * its texts and the chart kit's are loaded.
 */
const withMonitoringTexts = (Screen: ComponentType) => () => createElement(WithMonitoringTexts, null, createElement(Screen))

export const MonitoringScreen = withMonitoringTexts(Monitoring)
export const AnalyticsScreen = withMonitoringTexts(Analytics)
