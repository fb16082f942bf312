import type { Locale } from '.'
import { eng } from './eng'
import { es } from './es'
import { gr } from './gr'
import { it } from './it'
import { mx, type Messages } from './mx'
import { rs } from './rs'

/** Every catalogue at once, for checks over all of them (the app loads them one by one, see index.ts). */
export const catalogues: Record<Locale, Messages> = { mx, eng, es, it, gr, rs }
