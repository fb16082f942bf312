import type { ChartMessages } from '../mx/charts'

export const charts: ChartMessages = {
  panel: {
    view: 'Data view',
    chart: 'Chart',
    table: 'Table',
    exportCsv: 'Export CSV',
    exportCsvOf: 'Export CSV: %{title}',
    loading: 'Loading the data…',
    empty: 'No data for this period',
    error: 'The data could not be loaded',
    retry: 'Retry',
    chartOf: 'Chart: %{title}. The table view shows the same data.',
  },
  range: {
    legend: 'Period',
    presets: 'Quick periods',
    last7: 'Last 7 days',
    last30: 'Last 30 days',
    last90: 'Last 90 days',
    thisYear: 'This year',
    from: 'From',
    to: 'To',
    apply: 'Apply',
    errors: {
      required: 'Enter a date',
      invalid: 'Enter a valid date (YYYY-MM-DD)',
      order: 'The start date must be on or before the end date',
      future: 'The date cannot be later than today (%{today})',
      tooLong: 'The period cannot be longer than 3 years',
    },
  },
}
