import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { launchBrowser, startServer, type RunningServer } from './harness.js'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ env: { LOG_LEVEL: 'info' } })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true })
})

describe('the product on embedded defaults', () => {
  it('serves the web app at / and it renders', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(server.url + '/')
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0)
    await expect.poll(() => page.title()).toMatch(/ \| Aula$/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('answers /api/health', async () => {
    const res = await fetch(server.url + '/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' })
  })

  it('stops cleanly on SIGTERM and starts again on the same data', async () => {
    expect(await server.stop()).toBe(0)
    expect(server.output()).toContain('new installation')
    server = await startServer({ dataDir: server.dataDir, env: { LOG_LEVEL: 'info' } })
    const res = await fetch(server.url + '/api/health')
    expect(res.status).toBe(200)
    expect(server.output()).toContain('reusing existing data')
    expect(server.output()).not.toContain('new installation')
  })
})
