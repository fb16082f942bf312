/**
 * The public website (`BENCH_ONLY=site`), on PostgreSQL when `TEST_DATABASE_URL` is set (else on the
 * embedded database, figures without a verdict), on a fresh server with the demo catalogue:
 *
 * - its content made through the admin API as an administrator makes it: a slide with an image, a
 *   published news post with a cover, a published course of the catalogue featured on the home page
 *   (`PUT /api/v2/admin/sites/website/featured-courses`);
 * - Lighthouse on a phone (its default, mobile configuration) over performance, accessibility, best
 *   practices and SEO, three runs per page, the median of each category: the home `/site/website/mx`,
 *   the post `/site/website/mx/news/{slug}` and the course `/site/website/mx/courses/{uuid}`; target
 *   ≥ 95 each;
 * - the time to the first byte of the answer at a fixed rate of 200 requests a second (open loop,
 *   `tests/bench/open-loop.ts`, in a process of its own) over the three pages in turn, p50/p95/p99,
 *   errors and the rate achieved; the same load on the bare Fastify server in the same run gives the
 *   ratio. Target on PostgreSQL: p95 ≤ 20 ms.
 *
 * `BENCH_SITE_PAGES=existing` measures `/login` and `/site/website/mx` instead (no post or course
 * page, no featured course): for a checkout whose site has only its home page.
 *
 * Alone: `npx tsx tests/bench/site.ts` (same variables).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { loadConfig } from '../../server/config.js'
import { ensureWebBuild } from '../../server/web-build.js'
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/harness.js'
import { LoadClient } from './load-client.js'
import { openLoop, withBareServer, type OpenLoopResult } from './open-loop.js'
import type { BenchRow } from './run.js'
import { withFreshServer, type BenchDatabase } from './servers.js'
import { gradientPng } from '../helpers/media.js'

export const SITE_LIGHTHOUSE_TARGET = 95
export const SITE_TTFB_P95_TARGET_MS = 20
export const SITE_RATE = 200
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

const SITE = 'website'
const ADMIN_SITE = `/api/v2/admin/sites/${SITE}`
const POST_SLUG = 'jornada-de-puertas-abiertas'

/** A page of the bench: how its rows name it, and its path. */
interface SitePage {
  name: string
  path: string
}

/** Uploads an image of the site as the website editor does (presigned POST); answers its storage path. */
async function uploadImage(client: LoadClient, token: string, name: string): Promise<string> {
  // A 1200×630 picture (the size a cover or a slide has): big enough for the pages' image handling to matter.
  const bytes = gradientPng(1200, 630)
  const par = await client.must<{ url: string; fields: Record<string, string>; path: string }>('POST', `${ADMIN_SITE}/uploads`, {
    token,
    body: { size: bytes.length, contentType: 'image/png', fileName: name },
  })
  const form = new FormData()
  for (const [k, v] of Object.entries(par.fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name)
  const res = await fetch(new URL(par.url, client.target.url), { method: 'POST', body: form })
  if (res.status >= 300) throw new Error(`upload of ${name}: ${res.status} ${await res.text()}`)
  return par.path
}

/**
 * The site's content, made by an administrator through the admin API: a slide with an image, a
 * published news post with a cover and, unless `featured` is false, the first published course of the
 * catalogue featured on the home page. Answers the pages to measure.
 */
async function seedSite(client: LoadClient, featured: boolean): Promise<SitePage[]> {
  const [admin] = await client.learners(1, 'site-admin', undefined, ['admin'])
  const token = admin!.token
  await client.must('POST', `${ADMIN_SITE}/slides`, {
    token,
    body: {
      title: 'Inscripciones abiertas',
      text: 'Elige tu curso y empieza hoy.',
      link: `/site/${SITE}/mx/courses`,
      imagePath: await uploadImage(client, token, 'portada.png'),
      startsAt: null,
      endsAt: null,
    },
  })
  const post = await client.must<{ Item: { slug: string } }>('POST', `${ADMIN_SITE}/posts`, {
    token,
    body: {
      kind: 'news',
      language: 'mx',
      title: 'Jornada de puertas abiertas',
      slug: POST_SLUG,
      summary: 'El sábado abrimos el centro: conoce a los profesores y los cursos del próximo ciclo.',
      body: `<p>El sábado de 10 a 14 h abrimos el centro a todas las familias.</p>${'<p>Habrá visitas guiadas a las aulas, demostraciones de los cursos en línea y una charla sobre las becas del próximo ciclo. No hace falta inscribirse.</p>'.repeat(4)}`,
      coverPath: await uploadImage(client, token, 'jornada.png'),
      category: null,
      tags: ['centro'],
      author: 'Dirección',
      state: 'published',
      publishAt: null,
    },
  })
  const pages: SitePage[] = [
    { name: 'home', path: `/site/${SITE}/mx` },
    { name: 'news post', path: `/site/${SITE}/mx/news/${post.Item.slug}` },
  ]
  if (!featured) return [{ name: 'sign-in', path: '/login' }, pages[0]!]
  const { items } = await client.must<{ items: Array<{ uuid: string }> }>('GET', '/api/v2/courses/all/1', { token })
  const course = items[0]
  if (!course) throw new Error('the catalogue has no published course')
  const { revision } = await client.must<{ revision: number }>('GET', `${ADMIN_SITE}/featured-courses`, { token })
  await client.must('PUT', `${ADMIN_SITE}/featured-courses`, { token, body: { revision, courses: [course.uuid] } })
  return [...pages, { name: 'course page', path: `/site/${SITE}/mx/courses/${course.uuid}` }]
}

interface MobileAudit {
  /** Each category's median over the runs. */
  median: Record<Category, number>
  runs: Array<Record<Category, number>>
  /** The failed audits' ids (weighted in a category) of any run, per category: what keeps a score down. */
  failed: Record<Category, string[]>
}

/** Lighthouse's default (mobile) audit of `url` over the four categories, `runs` times in Debian's Chromium. */
export async function lighthouseMobile(url: string, runs = 3): Promise<MobileAudit> {
  const results: Array<Record<Category, number>> = []
  const failed = Object.fromEntries(CATEGORIES.map((c) => [c, new Set<string>()])) as Record<Category, Set<string>>
  // Lighthouse sometimes loses the trace of a load (NO_NAVSTART and the like): such a run is redone.
  for (let attempt = 0; results.length < runs; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS })
    try {
      const answer = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
      const lhr = answer?.lhr
      if (!lhr) throw new Error('Lighthouse gave no result')
      if (lhr.runtimeError) {
        if (attempt < runs * 2) continue
        throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
      }
      const scores = {} as Record<Category, number>
      for (const c of CATEGORIES) {
        const category = lhr.categories[c]
        scores[c] = Math.round((category?.score ?? 0) * 100)
        for (const ref of category?.auditRefs ?? []) if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1) failed[c].add(ref.id)
      }
      results.push(scores)
    } finally {
      chrome.kill()
    }
  }
  const median = Object.fromEntries(
    CATEGORIES.map((c) => {
      const sorted = results.map((r) => r[c]).sort((a, b) => a - b)
      return [c, sorted[Math.floor(sorted.length / 2)]!]
    }),
  ) as Record<Category, number>
  return { median, runs: results, failed: Object.fromEntries(CATEGORIES.map((c) => [c, [...failed[c]]])) as Record<Category, string[]> }
}

const ms = (v: number) => `${v.toFixed(1)}`

/** The site's rows: Lighthouse per page and category, then the first-byte load against the bare server's. */
export async function benchSite(database: BenchDatabase, seconds: number, options: { existingPagesOnly?: boolean } = {}): Promise<BenchRow[]> {
  const existing = options.existingPagesOnly ?? false
  // /login is the web app's page: it needs a current build.
  if (existing) await ensureWebBuild(loadConfig({ WEB_BUILD: 'auto' }))
  return withFreshServer(database, { AULA_SEED: 'demo', WEB_BUILD: existing ? 'auto' : 'never' }, async (_server, target) => {
    const client = new LoadClient(target, 8)
    let pages: SitePage[]
    try {
      pages = await seedSite(client, !existing)
    } finally {
      await client.close()
    }
    const rows: BenchRow[] = []
    // A page that does not answer 200 is a missed row, and the load goes to the others.
    const answering: SitePage[] = []
    for (const page of pages) {
      const res = await fetch(new URL(page.path, target.url), { headers: { accept: 'text/html' } })
      await res.arrayBuffer()
      if (res.status !== 200) {
        rows.push({ what: `site ${page.name} ${page.path}`, value: `HTTP ${res.status}`, target: '200', met: false })
        continue
      }
      answering.push(page)
      const audit = await lighthouseMobile(new URL(page.path, target.url).href, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
      for (const c of CATEGORIES) {
        const score = audit.median[c]
        const runs = audit.runs.map((r) => r[c]).join('/')
        const missed = score < SITE_LIGHTHOUSE_TARGET && audit.failed[c].length ? `; failed: ${audit.failed[c].join(', ')}` : ''
        rows.push({
          what: `Lighthouse mobile ${c}, ${page.name}`,
          value: `${score} (runs ${runs}${missed})`,
          target: `≥ ${SITE_LIGHTHOUSE_TARGET}`,
          met: score >= SITE_LIGHTHOUSE_TARGET,
        })
      }
    }
    if (answering.length === 0) return rows

    // First byte at a fixed rate: the bare server first, then the site's pages in turn.
    const bare = await withBareServer((url) => openLoop([url], { rate: SITE_RATE, seconds }))
    const site = await openLoop(
      answering.map((p) => new URL(p.path, target.url).href),
      { rate: SITE_RATE, seconds },
    )
    const judged = database.url !== undefined
    const row = (what: string, r: OpenLoopResult, ratio?: number): BenchRow[] => [
      {
        what,
        value: `${ms(r.p50)} / ${ms(r.p95)} ms`,
        ...(ratio === undefined ? {} : { ratio }),
        p99: Math.round(r.p99),
        ...(ratio === undefined || !judged ? {} : { target: `p95 ≤ ${SITE_TTFB_P95_TARGET_MS} ms`, met: r.p95 <= SITE_TTFB_P95_TARGET_MS }),
      },
      {
        what: `  achieved rate of ${r.sent} due; errors non-2xx / no answer`,
        value: `${r.achievedRate.toFixed(0)} /s; ${r.non2xx} / ${r.failed}`,
        target: `${SITE_RATE} /s, 0 errors`,
        met: r.achievedRate >= SITE_RATE * 0.97 && r.non2xx + r.failed === 0,
      },
    ]
    // Each page's share of the mix, to see which one is slow.
    const perPage: BenchRow[] = site.paths.map((p, i) => ({ what: `  of which ${answering[i]!.name} (p50 / p95)`, value: `${ms(p.p50)} / ${ms(p.p95)} ms` }))
    return [
      ...rows,
      ...row(`first byte p50 / p95 at ${SITE_RATE}/s, bare Fastify /ping`, bare),
      // The site's pages in turn; the ratio is their p95 over the bare server's (how many times longer the first byte takes).
      ...row(`first byte p50 / p95 at ${SITE_RATE}/s, ${answering.length} site pages (${database.name})`, site, site.p95 / Math.max(0.001, bare.p95)),
      ...perPage,
    ]
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  const rows = await benchSite(url ? { name: 'PostgreSQL', url } : { name: 'PGlite' }, Number(process.env.BENCH_SECONDS ?? 5), {
    existingPagesOnly: process.env.BENCH_SITE_PAGES === 'existing',
  })
  for (const r of rows) {
    const ratio = r.ratio === undefined ? '' : `  ×${r.ratio.toFixed(2)}`
    const p99 = r.p99 === undefined ? '' : `  p99 ${r.p99} ms`
    console.log(`${r.what}  ${r.value}${ratio}${p99}${r.target ? `  target ${r.target}: ${r.met ? 'met' : 'MISSED'}` : ''}`)
  }
  process.exit(0)
}
