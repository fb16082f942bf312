import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * axe-core over the page as it is now: every rule axe runs by default plus label-content-name-mismatch
 * (experimental in axe, but voice-control users depend on it). Answers the serious and critical
 * violations, one line each with the nodes they hit, so a failing assertion says what to fix.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Let transitions finish: axe reads colours mid-fade otherwise.
  await page.waitForTimeout(350)
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`).join(' | ')}`,
    )
}
