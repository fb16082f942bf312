import { describe, expect, it } from 'vitest'
import { browserLocale, catalogueFor, createI18nProvider, LANGUAGE_KEY, type Locale } from '../../../src/i18n'
import { catalogues } from '../../../src/i18n/catalogues'
import { documentTitle } from '../../../src/layout/documentTitle'
import { formatDate, formatDateTime } from '../../../src/ui/formatDateTime'
import { setBrowserLanguages } from '../setup'
import { ALL_LOCALES, preloadForTests } from '../preload'

await preloadForTests({ locales: ALL_LOCALES })

describe('a first visit picks the browser’s language', () => {
  it.each([
    [['en-US'], 'eng'],
    [['en-GB', 'es-MX'], 'eng'],
    [['de-DE'], 'gr'],
    [['de-AT'], 'gr'],
    [['ru'], 'rs'],
    [['it-IT'], 'it'],
    [['es-ES'], 'es'],
    [['es-AR'], 'mx'],
    [['es'], 'mx'],
    [['fr-FR', 'de'], 'gr'],
    [['fr-FR', 'pt-BR'], 'mx'],
    [[], 'mx'],
  ])('%j → %s', (languages, locale) => expect(browserLocale(languages)).toBe(locale))

  it('the stored choice wins over the browser; <html lang> follows the starting language', () => {
    setBrowserLanguages(['ru-RU'])
    createI18nProvider()
    expect(document.documentElement.lang).toBe('ru')
    localStorage.setItem(LANGUAGE_KEY, 'it')
    const provider = createI18nProvider()
    expect(provider.getLocale()).toBe('it')
    expect(document.documentElement.lang).toBe('it')
  })

  it('changing the language moves <html lang>', async () => {
    const provider = createI18nProvider()
    await provider.changeLocale('gr')
    expect(document.documentElement.lang).toBe('de')
    await provider.changeLocale('es')
    expect(document.documentElement.lang).toBe('es-ES')
  })

  it('unknown tags have no catalogue', () => expect(catalogueFor('pt-BR')).toBeNull())
})

describe('the tab title is translated', () => {
  it.each([
    ['mx', '/settings/profile', 'Configuración / Perfil | Aula'],
    ['eng', '/settings/profile', 'Settings / Profile | Aula'],
    ['es', '/login', 'Iniciar sesión | Aula'],
    ['it', '/dashboard', 'Dashboard | Aula'],
    ['gr', '/forgot-password', 'Passwort vergessen | Aula'],
    ['rs', '/register', 'Регистрация | Aula'],
    ['gr', '/admin/school-cycles', 'Verwaltung / School cycles | Aula'],
    ['rs', '/', 'Панель | Aula'],
  ] as Array<[Locale, string, string]>)('%s %s → %s', (locale, path, title) => expect(documentTitle(path, catalogues[locale].aula.titles)).toBe(title))
})

describe('dates follow each language’s conventions', () => {
  const afternoon = new Date(2026, 2, 5, 16, 7)
  it.each([
    ['mx', '05/03/2026, 04:07 p.m.'],
    ['eng', '05/03/2026, 16:07'],
    ['es', '05/03/2026, 16:07'],
    ['it', '05/03/2026, 16:07'],
    ['gr', '05.03.2026, 16:07'],
    ['rs', '05.03.2026, 16:07'],
  ] as Array<[Locale, string]>)('%s writes a moment as %s', (locale, text) => {
    // Some ICU versions put a narrow no-break space before "p. m."; compare the visible characters.
    expect(formatDateTime(afternoon, locale).replace(/[\u00a0\u202f]/g, ' ')).toBe(text)
  })

  it('German uses the 24-hour clock, and writes a day in words as German does', () => {
    expect(formatDateTime(afternoon, 'gr')).toContain('16:07')
    expect(formatDate(afternoon, 'gr')).toBe('5. März 2026')
  })
})

describe('German uses one form of address', () => {
  it('formal “Sie” throughout: no du, dich, dir, dein', () => {
    const texts: string[] = []
    const walk = (value: unknown) => {
      if (typeof value === 'string') texts.push(value)
      else if (value && typeof value === 'object') Object.values(value).forEach(walk)
    }
    walk(catalogues.gr)
    const informal = texts.filter((t) => /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i.test(t))
    expect(informal).toEqual([])
  })
})
