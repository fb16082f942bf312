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
import { admin as rsAdmin } from './rs/admin'

/** A catalogue with the administration texts the app downloads with the admin area. */
const withAdmin = (catalogue: Messages, admin: AdminMessages): Messages => ({
  ...catalogue,
  aula: { ...catalogue.aula, admin: { ...catalogue.aula.admin, ...admin } },
})

/**
 * Every catalogue at once and whole, admin texts included, for checks over all of them (the app
 * loads them one by one, see index.ts).
 */
export const catalogues: Record<Locale, Messages> = {
  mx: withAdmin(mx, mxAdmin),
  eng: withAdmin(eng, engAdmin),
  es: withAdmin(es, esAdmin),
  it: withAdmin(it, itAdmin),
  gr: withAdmin(gr, grAdmin),
  rs: withAdmin(rs, rsAdmin),
}
