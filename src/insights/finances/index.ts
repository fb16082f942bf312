import { createElement, type ComponentType } from 'react'
import { FinanceAnalytics as AnalyticsScreen } from './FinanceAnalytics'
import { FinanceGate } from './FinanceFrame'
import { FinancesHome as HomeScreen } from './FinancesHome'
import { SalesScreen as Sales } from './SalesScreen'

/** A screen behind the finance gate: it mounts (and loads data) only for admins and finance staff. */
const gated = (screen: ComponentType) => () => createElement(FinanceGate, null, createElement(screen))

/** The finance screens (admin and finances groups): landing page, sales, analytics. */
export const FinancesHome = gated(HomeScreen)
export const SalesScreen = gated(Sales)
export const FinanceAnalytics = gated(AnalyticsScreen)
export { WithFinanceTexts } from './FinanceTexts'
