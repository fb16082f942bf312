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
import { avatars as mxAvatars } from './mx/avatars'
import { avatars as engAvatars } from './eng/avatars'
import { avatars as esAvatars } from './es/avatars'
import { avatars as itAvatars } from './it/avatars'
import { avatars as grAvatars } from './gr/avatars'
import { avatars as rsAvatars } from './rs/avatars'

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

/** A catalogue with the AI avatars texts (experimental area) in `aula.avatars`. */
const withAvatars = (catalogue: Messages, avatars: typeof mxAvatars): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, avatars } as Messages['aula'],
})

/** A catalogue with the administration texts the app downloads with the admin area. */
const withAdmin = (catalogue: Messages, admin: AdminMessages): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, admin: { ...catalogue.aula.admin, ...admin } },
})

/**
 * Every catalogue at once and whole, admin and builder texts included, for checks over all of them (the app
 * loads them one by one, see index.ts).
 */
export const catalogues: Record<Locale, Messages> = {
  mx: withAvatars(withLearner(withBuilder(withAdmin(mx, mxAdmin), mxBuilder, mxBuilderContent), mxLearner), mxAvatars),
  eng: withAvatars(withLearner(withBuilder(withAdmin(eng, engAdmin), engBuilder, engBuilderContent), engLearner), engAvatars),
  es: withAvatars(withLearner(withBuilder(withAdmin(es, esAdmin), esBuilder, esBuilderContent), esLearner), esAvatars),
  it: withAvatars(withLearner(withBuilder(withAdmin(it, itAdmin), itBuilder, itBuilderContent), itLearner), itAvatars),
  gr: withAvatars(withLearner(withBuilder(withAdmin(gr, grAdmin), grBuilder, grBuilderContent), grLearner), grAvatars),
  rs: withAvatars(withLearner(withBuilder(withAdmin(rs, rsAdmin), rsBuilder, rsBuilderContent), rsLearner), rsAvatars),
}
