import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** The impacts a screen may not have: a moderate finding is a real barrier for someone too. */
const BLOCKING = new Set(['moderate', 'serious', 'critical'])

/**
 * axe-core over the page as it is now: every rule axe runs by default (WCAG 2.0/2.1 A and AA and best
 * practices), WCAG 2.2 AA's target size (2.5.8, off in axe by default) and label-content-name-mismatch
 * (experimental in axe, but voice-control users depend on it). Answers the moderate, serious and critical
 * violations, one line each with the nodes they hit (selector and the start of their HTML), so a failing assertion says what to fix.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Let transitions finish: axe reads colours and sizes mid-fade otherwise (a colour scheme switched
  // just before restarts every button's colour transition; on a loaded machine they start late).
  await page.waitForTimeout(350)
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 3000))])
  })
  // The screen from its top: a target the page has scrolled beneath the fixed top bar is not a small one
  // (axe's target-size measures what covers a target where it is now).
  await page.evaluate(() => window.scrollTo(0, 0))
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } })
    .analyze()
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`).join(' | ')}`,
    )
}
