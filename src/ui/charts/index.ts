/**
 * The chart kit, shared by the insights screens (monitoring, analytics, finances) and the website's
 * analytics (areas never import each other; they share this folder of `ui/`).
 *
 * Texts: the kit's texts live in `aula.charts` (`src/i18n/<locale>/charts.ts`) and download with the
 * insights area, not with every page. Wrap each insights screen in `<WithChartTexts>` (it suspends
 * until they are loaded, like `WithLearnerTexts`), e.g. in `src/app/insightsArea.ts`:
 *   const withTexts = (screen: () => ReactNode) => () => createElement(WithChartTexts, null, screen())
 * A screen with its own texts (monitoring, finances) loads those alongside, inside the same wrapper.
 *
 * Typical screen:
 *   const period = useDateRange()                     // ?from=&to= in the address, last 30 days by default
 *   const colors = useChartColors()
 *   const sales = useChartData(() => api.sales(period.value), ['sales', period.value.from, period.value.to])
 *   <DateRangePicker {...period} />
 *   <ChartPanel title=… {...sales.panel} rows=… columns=… csvName="sales">
 *     <LineChart data={rows}>
 *       <CartesianGrid stroke={colors.grid} />
 *       <XAxis dataKey="day" stroke={colors.axis} tick={{ fill: colors.axis }} />
 *       <Tooltip contentStyle={colors.tooltip} />
 *       <Line dataKey="amount" stroke={colors.series[0]} />
 *     </LineChart>
 *   </ChartPanel>
 */
export { ChartPanel, type ChartPanelProps } from './ChartPanel'
export { PanelFailure, PanelFrame, type PanelFrameProps } from './PanelFrame'
export { useChartData, type ChartData, type ChartDataOptions, type PanelState } from './useChartData'
export { WithChartTexts } from './ChartTexts'
export { chartColors, useChartColors, MIN_GRAPHIC_CONTRAST, type ChartColors } from './colors'
export { CSV_BOM, csvBlob, downloadCsv, toCsv } from './csv'
export {
  addDays,
  isIsoDate,
  isValidRange,
  matchingPreset,
  MAX_RANGE_YEARS,
  presetRange,
  PRESETS,
  todayIso,
  useDateRange,
  validateRange,
  type DateRangeError,
  type DateRangePreset,
} from './dateRange'
export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker'
export { formatBytes, formatMoney, formatNumber, localeTag, useChartLocale } from './format'
export type { ChartColumn, ChartRow, DateRange } from './types'
