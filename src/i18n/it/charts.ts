import type { ChartMessages } from '../mx/charts'

export const charts: ChartMessages = {
  panel: {
    view: 'Vista dei dati',
    chart: 'Grafico',
    table: 'Tabella',
    exportCsv: 'Esporta CSV',
    exportCsvOf: 'Esporta CSV: %{title}',
    loading: 'Caricamento dei dati…',
    empty: 'Nessun dato per questo periodo',
    error: 'Impossibile caricare i dati',
    retry: 'Riprova',
    chartOf: 'Grafico: %{title}. La vista a tabella mostra gli stessi dati.',
  },
  range: {
    legend: 'Periodo',
    presets: 'Periodi rapidi',
    last7: 'Ultimi 7 giorni',
    last30: 'Ultimi 30 giorni',
    last90: 'Ultimi 90 giorni',
    thisYear: "Quest'anno",
    from: 'Dal',
    to: 'Al',
    apply: 'Applica',
    errors: {
      required: 'Inserisci una data',
      invalid: 'Inserisci una data valida (AAAA-MM-GG)',
      order: 'La data iniziale deve essere uguale o precedente a quella finale',
      future: 'La data non può essere successiva a oggi (%{today})',
      tooLong: 'Il periodo non può superare 3 anni',
    },
  },
}
