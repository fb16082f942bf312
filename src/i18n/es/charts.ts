import { charts as mx, type ChartMessages } from '../mx/charts'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the insights chart kit (chart panels, period picker).
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/charts.ts), which gives every other text.
 */
export const differences = {
  panel: {
    chart: 'Gráfico',
    error: 'No se han podido cargar los datos',
    chartOf: 'Gráfico: %{title}. La vista de tabla muestra los mismos datos.',
  },
} satisfies DeepPartial<ChartMessages>

export const charts: ChartMessages = variantOf(mx, differences)
