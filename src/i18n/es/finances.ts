import { finances as mx, type FinanceMessages } from '../mx/finances'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the finance screens.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/finances.ts), which gives every other text.
 */
export const differences = {
  intro: 'Ventas de suscripciones a planes de pago. Los importes en monedas distintas nunca se suman.',
  columns: {
    share: 'Cuota',
  },
  home: {
    goAnalyticsHint: 'Ingresos por mes, precio medio, cuota por curso y ventas frente a ingresos.',
  },
  sales: {
    loadFailed: 'No se ha podido cargar la lista de ventas',
  },
  sale: {
    number: 'Justificante',
    receipt: 'Descargar el justificante',
  },
  analytics: {
    currencyHint: 'Cada gráfico muestra una sola moneda.',
    share: 'Cuota por curso',
  },
} satisfies DeepPartial<FinanceMessages>

export const finances: FinanceMessages = variantOf(mx, differences)
