import type { ChartMessages } from '../mx/charts'

export const charts: ChartMessages = {
  panel: {
    view: 'Vista de los datos',
    chart: 'Gráfico',
    table: 'Tabla',
    exportCsv: 'Exportar CSV',
    exportCsvOf: 'Exportar CSV: %{title}',
    loading: 'Cargando los datos…',
    empty: 'No hay datos para este periodo',
    error: 'No se han podido cargar los datos',
    retry: 'Reintentar',
    chartOf: 'Gráfico: %{title}. La vista de tabla muestra los mismos datos.',
  },
  range: {
    legend: 'Periodo',
    presets: 'Periodos rápidos',
    last7: 'Últimos 7 días',
    last30: 'Últimos 30 días',
    last90: 'Últimos 90 días',
    thisYear: 'Este año',
    from: 'Desde',
    to: 'Hasta',
    apply: 'Aplicar',
    errors: {
      required: 'Indica una fecha',
      invalid: 'Indica una fecha válida (AAAA-MM-DD)',
      order: 'La fecha inicial debe ser igual o anterior a la final',
      future: 'La fecha no puede ser posterior a hoy (%{today})',
      tooLong: 'El periodo no puede superar 3 años',
    },
  },
}
