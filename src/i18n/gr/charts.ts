import type { ChartMessages } from '../mx/charts'

export const charts: ChartMessages = {
  panel: {
    view: 'Datenansicht',
    chart: 'Diagramm',
    table: 'Tabelle',
    exportCsv: 'CSV exportieren',
    exportCsvOf: 'CSV exportieren: %{title}',
    loading: 'Daten werden geladen…',
    empty: 'Keine Daten für diesen Zeitraum',
    error: 'Die Daten konnten nicht geladen werden',
    retry: 'Erneut versuchen',
    chartOf: 'Diagramm: %{title}. Die Tabellenansicht zeigt dieselben Daten.',
  },
  range: {
    legend: 'Zeitraum',
    presets: 'Schnellauswahl',
    last7: 'Letzte 7 Tage',
    last30: 'Letzte 30 Tage',
    last90: 'Letzte 90 Tage',
    thisYear: 'Dieses Jahr',
    from: 'Von',
    to: 'Bis',
    apply: 'Anwenden',
    errors: {
      required: 'Bitte ein Datum eingeben',
      invalid: 'Bitte ein gültiges Datum eingeben (JJJJ-MM-TT)',
      order: 'Das Startdatum muss am oder vor dem Enddatum liegen',
      future: 'Das Datum darf nicht nach heute (%{today}) liegen',
      tooLong: 'Der Zeitraum darf höchstens 3 Jahre umfassen',
    },
  },
}
