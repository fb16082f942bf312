import { createElement, type ReactNode } from 'react'
import { FinanceAnalytics as FinanceAnalyticsScreen, FinancesHome as FinancesHomeScreen, SalesScreen, WithFinanceTexts } from '../insights/finances'

/**
 * The insights area's chunk (admin and finance staff): monitoring, analytics and finances. Each screen
 * is drawn once its texts are loaded (it suspends until then, under the boundary App.tsx puts around
 * every screen).
 */
export { AnalyticsScreen, MonitoringScreen } from '../insights/monitoring/screens'

const withFinanceTexts = (screen: () => ReactNode) => () => createElement(WithFinanceTexts, null, screen())

export const FinancesHome = withFinanceTexts(() => createElement(FinancesHomeScreen))
export const FinanceSales = withFinanceTexts(() => createElement(SalesScreen))
export const FinanceAnalytics = withFinanceTexts(() => createElement(FinanceAnalyticsScreen))
