/** The insights chunk (admin): monitoring and analytics; the finance screens add their exports here. */
export { AnalyticsScreen, MonitoringScreen } from '../insights/monitoring/screens'
