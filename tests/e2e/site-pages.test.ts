import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { gradientPng } from './steps.js'
import { networkSettled } from './support.js'

/**
 * The public site's home, news list and a news post in a real Chromium, without a session: axe-core
 * finds nothing serious, the pages ship no script, and pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.SITE_SHOTS_DIR ?? '/tmp/aula-site-shots'
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]

const journey = useJourney({ shots: SHOTS, failurePrefix: 'site-' })
let slug = ''

/** A visible 640×360 PNG (a teal-to-amber gradient), uploaded as a post cover; answers its path. */
async function uploadCover(jwt: string): Promise<string> {
  const png = gradientPng(640, 360)
  const ask = await fetch(`${journey.server.url}/api/v2/admin/sites/website/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ size: png.length, contentType: 'image/png', fileName: 'campus.png' }),
  })
  expect(ask.status, await ask.clone().text()).toBe(200)
  const par = (await ask.json()) as { url: string; fields: Record<string, string>; path: string }
  const form = new FormData()
  for (const [k, v] of Object.entries(par.fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'campus.png')
  const sent = await fetch(new URL(par.url, journey.server.url), { method: 'POST', body: form })
  expect(sent.status, await sent.clone().text()).toBeLessThan(300)
  return par.path
}

async function addPost(jwt: string, kind: 'news' | 'blog', title: string, body: string, minutesAgo: number, coverPath: string | null = null) {
  const res = await fetch(`${journey.server.url}/api/v2/admin/sites/website/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind,
      language: 'mx',
      title,
      summary: `${title}: lo que hay que saber.`,
      body,
      coverPath,
      category: kind === 'news' ? 'documents' : null,
      tags: ['campus', 'agenda'],
      author: 'Comunicación',
      state: 'published',
      publishAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { Item: { slug: string } }).Item.slug
}

beforeAll(async () => {
  const { jwt, context } = await journey.bootstrapAdmin()
  await context.close()
  const body = '<h2>Programa</h2><p>Visitas guiadas a los laboratorios y a la biblioteca.</p><ul><li>10:00 Bienvenida</li><li>11:00 Talleres</li></ul>'
  slug = await addPost(jwt, 'news', 'Jornada de puertas abiertas', body, 5, await uploadCover(jwt))
  await addPost(jwt, 'news', 'Nuevo calendario escolar', '<p>Fechas del semestre.</p>', 10)
  await addPost(jwt, 'blog', 'Cómo preparar un examen', '<p>Consejos prácticos.</p>', 15)
}, 120_000)

async function check(page: Page, name: string) {
  await networkSettled(page)
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0)
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage: true })
}

describe('the public site in a browser', () => {
  for (const viewport of VIEWPORTS) {
    it(`home, news list and a post at ${viewport.width}×${viewport.height}`, async () => {
      const { page } = await journey.page({ viewport, language: 'mx' })
      await page.goto('/site/website/mx')
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Últimas noticias' }).count()).toBe(1)
      await check(page, 'site-home')
      await page.getByRole('link', { name: 'Ver todas las noticias' }).click()
      await page.waitForURL('**/site/website/mx/news')
      expect(await page.getByRole('heading', { level: 1, name: 'Noticias' }).count()).toBe(1)
      await check(page, 'site-news')
      await page.getByRole('link', { name: 'Jornada de puertas abiertas' }).click()
      await page.waitForURL(`**/site/website/mx/news/${slug}`)
      expect(await page.getByRole('heading', { level: 1, name: 'Jornada de puertas abiertas' }).count()).toBe(1)
      const cover = page.locator('article.post img.cover')
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true)
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https?:\/\//)
      await check(page, 'site-post')
    }, 60_000)
  }
})
