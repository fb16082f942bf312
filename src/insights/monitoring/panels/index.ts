/** The panels of the monitoring overview, one file each. */
export { CostPanels } from './CostPanels'
export { DocumentsPanel } from './DocumentsPanel'
export { ForecastPanel } from './ForecastPanel'
export { RealtimePanel } from './RealtimePanel'
export { ServerCard } from './ServerCard'
export { StorageCard } from './StorageCard'
