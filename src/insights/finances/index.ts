/** The finance screens (admin and finances groups): landing page, sales, analytics. */
export { FinanceAnalytics } from './FinanceAnalytics'
export { WithFinanceTexts } from './FinanceTexts'
export { FinancesHome } from './FinancesHome'
export { SalesScreen } from './SalesScreen'
