import { describe, expect, it } from 'vitest'
import { buildMenu, visibleMenu } from '../../../src/layout/menu/menuItems'
import { adminResources } from '../../../src/resources'
import { createI18nProvider } from '../../../src/i18n'
import { ALL_LOCALES, preloadForTests } from '../preload'

await preloadForTests({ locales: ALL_LOCALES })

/** Every admin screen of requirements §2 that the admin area declares, by path. */
const adminScreens = adminResources.map((r) => `/${r.name}`)

describe('management menu', () => {
  const management = visibleMenu(buildMenu('site'), ['admin']).find((e) => e.key === 'management')
  const targets = (management?.children ?? []).map((e) => e.to)

  it('reaches every admin screen', () => {
    for (const screen of adminScreens) expect(targets, screen).toContain(screen)
    expect(targets).toContain('/admin/audit')
    expect(targets).toContain('/admin/support/migrations')
  })

  it('has a label in every language for each entry', () => {
    const i18n = createI18nProvider()
    for (const locale of ['mx', 'eng', 'es', 'it', 'gr', 'rs']) {
      i18n.changeLocale(locale)
      for (const entry of management?.children ?? []) expect(i18n.translate(entry.label), `${locale} ${entry.label}`).not.toBe(entry.label)
    }
  })

  it('is not shown to anyone outside the admin group', () => {
    for (const groups of [['general'], ['creator', 'reviewer'], ['finances'], []]) {
      expect(visibleMenu(buildMenu('site'), groups).find((e) => e.key === 'management')).toBeUndefined()
    }
  })
})
