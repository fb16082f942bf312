/** One row of the data behind a chart: its values by column key (null for "no value"). */
export type ChartRow = Record<string, string | number | null>

/** A column of the data behind a chart: the table view's header and cells, and the CSV's header. */
export interface ChartColumn {
  /** The row property this column shows. */
  key: string
  /** The header, already translated. */
  label: string
  /** How the table view shows a value (the CSV keeps raw values); numbers default to the locale's digits. */
  format?: (value: string | number | null) => string
}

/** A period of whole days, both ends included, as ISO dates (`YYYY-MM-DD`). */
export interface DateRange {
  from: string
  to: string
}
