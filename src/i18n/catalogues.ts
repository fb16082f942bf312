import type { Locale } from '.'
import { eng } from './eng'
import { admin as engAdmin } from './eng/admin'
import { es } from './es'
import { admin as esAdmin } from './es/admin'
import { gr } from './gr'
import { admin as grAdmin } from './gr/admin'
import { it } from './it'
import { admin as itAdmin } from './it/admin'
import { mx, type Messages } from './mx'
import { admin as mxAdmin, type AdminMessages } from './mx/admin'
import { rs } from './rs'
import { builder as engBuilder } from './eng/builder'
import { builderContent as engBuilderContent } from './eng/builderContent'
import { builder as esBuilder } from './es/builder'
import { builderContent as esBuilderContent } from './es/builderContent'
import { builder as grBuilder } from './gr/builder'
import { builderContent as grBuilderContent } from './gr/builderContent'
import { builder as itBuilder } from './it/builder'
import { builderContent as itBuilderContent } from './it/builderContent'
import { builder as mxBuilder, type BuilderMessages } from './mx/builder'
import { builderContent as mxBuilderContent } from './mx/builderContent'
import { builder as rsBuilder } from './rs/builder'
import { builderContent as rsBuilderContent } from './rs/builderContent'
import { admin as rsAdmin } from './rs/admin'
import { learner as mxLearner } from './mx/learner'
import { learner as engLearner } from './eng/learner'
import { learner as esLearner } from './es/learner'
import { learner as itLearner } from './it/learner'
import { learner as grLearner } from './gr/learner'
import { learner as rsLearner } from './rs/learner'
import { charts as mxCharts, type ChartMessages } from './mx/charts'
import { charts as engCharts } from './eng/charts'
import { charts as esCharts } from './es/charts'
import { charts as itCharts } from './it/charts'
import { charts as grCharts } from './gr/charts'
import { charts as rsCharts } from './rs/charts'
import { monitoring as mxMonitoring, type MonitoringMessages } from './mx/monitoring'
import { monitoring as engMonitoring } from './eng/monitoring'
import { monitoring as esMonitoring } from './es/monitoring'
import { monitoring as itMonitoring } from './it/monitoring'
import { monitoring as grMonitoring } from './gr/monitoring'
import { monitoring as rsMonitoring } from './rs/monitoring'

/** A catalogue with the course builder's texts (screens and content editor) in `aula.builder`. */
const withBuilder = (catalogue: Messages, screens: BuilderMessages, content: typeof mxBuilderContent): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, builder: { ...screens, ...content } } as Messages['aula'],
})

/** A catalogue with the learner area's texts in `aula.learner`. */
const withLearner = (catalogue: Messages, learner: typeof mxLearner): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, learner } as Messages['aula'],
})

/** A catalogue with the insights chart kit's texts in `aula.charts`. */
const withCharts = (catalogue: Messages, charts: ChartMessages): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, charts } as Messages['aula'],
})

/** A catalogue with the monitoring and analytics texts in `aula.monitoring`. */
const withMonitoring = (catalogue: Messages, monitoring: MonitoringMessages): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, monitoring } as Messages['aula'],
})

/** A catalogue with the administration texts the app downloads with the admin area. */
const withAdmin = (catalogue: Messages, admin: AdminMessages): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, admin: { ...catalogue.aula.admin, ...admin } },
})

/**
 * Every catalogue at once and whole, admin, builder, learner and chart texts included, for checks over all of them (the app
 * loads them one by one, see index.ts).
 */
export const catalogues: Record<Locale, Messages> = {
  mx: withMonitoring(withCharts(withLearner(withBuilder(withAdmin(mx, mxAdmin), mxBuilder, mxBuilderContent), mxLearner), mxCharts), mxMonitoring),
  eng: withMonitoring(withCharts(withLearner(withBuilder(withAdmin(eng, engAdmin), engBuilder, engBuilderContent), engLearner), engCharts), engMonitoring),
  es: withMonitoring(withCharts(withLearner(withBuilder(withAdmin(es, esAdmin), esBuilder, esBuilderContent), esLearner), esCharts), esMonitoring),
  it: withMonitoring(withCharts(withLearner(withBuilder(withAdmin(it, itAdmin), itBuilder, itBuilderContent), itLearner), itCharts), itMonitoring),
  gr: withMonitoring(withCharts(withLearner(withBuilder(withAdmin(gr, grAdmin), grBuilder, grBuilderContent), grLearner), grCharts), grMonitoring),
  rs: withMonitoring(withCharts(withLearner(withBuilder(withAdmin(rs, rsAdmin), rsBuilder, rsBuilderContent), rsLearner), rsCharts), rsMonitoring),
}
