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
import { charts as mxCharts } from './mx/charts'
import { charts as engCharts } from './eng/charts'
import { charts as esCharts } from './es/charts'
import { charts as itCharts } from './it/charts'
import { charts as grCharts } from './gr/charts'
import { charts as rsCharts } from './rs/charts'
import { finances as mxFinances } from './mx/finances'
import { finances as engFinances } from './eng/finances'
import { finances as esFinances } from './es/finances'
import { finances as itFinances } from './it/finances'
import { finances as grFinances } from './gr/finances'
import { finances as rsFinances } from './rs/finances'
import { monitoring as mxMonitoring } from './mx/monitoring'
import { monitoring as engMonitoring } from './eng/monitoring'
import { monitoring as esMonitoring } from './es/monitoring'
import { monitoring as itMonitoring } from './it/monitoring'
import { monitoring as grMonitoring } from './gr/monitoring'
import { monitoring as rsMonitoring } from './rs/monitoring'
import { avatars as mxAvatars } from './mx/avatars'
import { website as mxWebsite } from './mx/website'
import { avatars as engAvatars } from './eng/avatars'
import { website as engWebsite } from './eng/website'
import { avatars as esAvatars } from './es/avatars'
import { website as esWebsite } from './es/website'
import { avatars as itAvatars } from './it/avatars'
import { website as itWebsite } from './it/website'
import { avatars as grAvatars } from './gr/avatars'
import { website as grWebsite } from './gr/website'
import { avatars as rsAvatars } from './rs/avatars'
import { website as rsWebsite } from './rs/website'
import { organizations as mxOrganizations } from './mx/organizations'
import { organizations as engOrganizations } from './eng/organizations'
import { organizations as esOrganizations } from './es/organizations'
import { organizations as itOrganizations } from './it/organizations'
import { organizations as grOrganizations } from './gr/organizations'
import { organizations as rsOrganizations } from './rs/organizations'

/** A catalogue with the course builder's texts (screens and content editor) in `aula.builder`. */
const withBuilder = (catalogue: Messages, screens: BuilderMessages, content: typeof mxBuilderContent): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, builder: { ...screens, ...content } } as Messages['aula'],
})

/** A catalogue with one area's texts under `aula.<key>` (learner, charts, finances, monitoring). */
const withArea = (catalogue: Messages, key: string, texts: object): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, [key]: texts } as Messages['aula'],
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
/** A whole catalogue: the base texts with the admin and builder texts and every other area's under its key. */
const areas = (base: Messages, admin: AdminMessages, builder: [BuilderMessages, typeof mxBuilderContent], others: Record<string, object>): Messages =>
  Object.entries(others).reduce((catalogue, [key, texts]) => withArea(catalogue, key, texts), withBuilder(withAdmin(base, admin), ...builder))

export const catalogues: Record<Locale, Messages> = {
  mx: areas(mx, mxAdmin, [mxBuilder, mxBuilderContent], {
    learner: mxLearner,
    charts: mxCharts,
    finances: mxFinances,
    monitoring: mxMonitoring,
    avatars: mxAvatars,
    website: mxWebsite,
    organizations: mxOrganizations,
  }),
  eng: areas(eng, engAdmin, [engBuilder, engBuilderContent], {
    learner: engLearner,
    charts: engCharts,
    finances: engFinances,
    monitoring: engMonitoring,
    avatars: engAvatars,
    website: engWebsite,
    organizations: engOrganizations,
  }),
  es: areas(es, esAdmin, [esBuilder, esBuilderContent], {
    learner: esLearner,
    charts: esCharts,
    finances: esFinances,
    monitoring: esMonitoring,
    avatars: esAvatars,
    website: esWebsite,
    organizations: esOrganizations,
  }),
  it: areas(it, itAdmin, [itBuilder, itBuilderContent], {
    learner: itLearner,
    charts: itCharts,
    finances: itFinances,
    monitoring: itMonitoring,
    avatars: itAvatars,
    website: itWebsite,
    organizations: itOrganizations,
  }),
  gr: areas(gr, grAdmin, [grBuilder, grBuilderContent], {
    learner: grLearner,
    charts: grCharts,
    finances: grFinances,
    monitoring: grMonitoring,
    avatars: grAvatars,
    website: grWebsite,
    organizations: grOrganizations,
  }),
  rs: areas(rs, rsAdmin, [rsBuilder, rsBuilderContent], {
    learner: rsLearner,
    charts: rsCharts,
    finances: rsFinances,
    monitoring: rsMonitoring,
    avatars: rsAvatars,
    website: rsWebsite,
    organizations: rsOrganizations,
  }),
}
