import { monitoring as mx, type MonitoringMessages } from '../mx/monitoring'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the monitoring and analytics screens.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/monitoring.ts), which gives every other text.
 */
export const differences = {
  title: 'Monitorización',
  nav: {
    label: 'Secciones de monitorización',
    overview: 'Servidor y costes',
    'active-learners': 'Alumnos activos',
    'top-courses': 'Cursos destacados',
  },
  storage: {
    title: 'Almacenamiento de ficheros',
    objects: 'Ficheros',
  },
  cost: {
    title: 'Costes y uso',
    chartTitle: 'Coste por periodo',
    usageTitle: 'Peticiones atendidas',
    usageDescription: 'Peticiones, correos enviados y tiempo de CPU medidos por el servidor.',
    requests: 'Peticiones',
    prices: 'Precios: %{storage} por GB-mes, %{requests} por millón de peticiones, %{emails} por mil correos, %{compute} por hora de CPU.',
    noBilling: 'Uso medido × precios unitarios configurados; no hay ninguna API de facturación configurada.',
    billingFailed: 'AWS Cost Explorer está configurado pero no ha respondido; se muestra el modelo.',
    billedNote: 'Los importes facturados proceden de AWS Cost Explorer; el desglose es el modelo sobre el uso medido.',
  },
  forecast: {
    description: 'Proyección lineal: el coste del mes hasta hoy dividido entre los días transcurridos y multiplicado por los días del mes.',
    projected: 'Previsto a final de mes',
  },
  realtime: {
    description:
      'Usuarios distintos de los últimos %{minutes} minutos según el registro de peticiones del servidor; el país se obtiene de la dirección IP con una base GeoIP local.',
    requests: 'Peticiones',
    summary: '%{users} usuarios, %{requests} peticiones',
  },
  analytics: {
    activeLearners: {
      title: 'Alumnos activos',
      description: 'Alumnos distintos que usaron sus cursos en cada periodo. En todo el rango: %{total}.',
      learners: 'Alumnos',
    },
    subscriptions: {
      title: 'Suscripciones a lo largo del tiempo',
    },
    completion: {
      title: 'Finalización y aprobados por curso',
      description:
        'Finalización: alumnos que terminaron el curso entre los inscritos del rango. Aprobados: alumnos con un intento aprobado entre quienes enviaron un formulario.',
      attempted: 'Se presentaron',
      passRate: 'Aprobados',
    },
    topCourses: {
      title: 'Cursos destacados',
      learners: 'Alumnos activos',
    },
  },
} satisfies DeepPartial<MonitoringMessages>

export const monitoring: MonitoringMessages = variantOf(mx, differences)
