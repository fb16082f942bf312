import polyglotI18nProvider from 'ra-i18n-polyglot'
import { describe, expect, it } from 'vitest'
import { listLocale } from '../../../src/account/fields'
import { policySummary } from '../../../src/account/passwordPolicy'
import type { Locale } from '../../../src/i18n'
import { catalogues } from '../../../src/i18n/catalogues'
import { POLICY } from './fakeIdentity'

function summaryIn(locale: Locale, policy = POLICY) {
  const i18n = polyglotI18nProvider(() => catalogues[locale], locale)
  return policySummary(policy, (key, options) => i18n.translate(key, options), listLocale(locale))
}

describe('the one-sentence password rule', () => {
  it('joins the requirements with the language’s own conjunction', () => {
    expect(summaryIn('eng')).toBe(
      'Password must be at least 12 characters long and include an uppercase letter, a lowercase letter, a number and a special character.',
    )
    expect(summaryIn('mx')).toBe('La contraseña debe tener mínimo 12 caracteres e incluir: una mayúscula, una minúscula, un número y un carácter especial.')
    expect(summaryIn('it')).toContain('una minuscola, un numero e un carattere speciale')
    expect(summaryIn('gr')).toContain('eine Ziffer und ein Sonderzeichen')
    expect(summaryIn('rs')).toContain('цифру и специальный символ')
  })

  it('names two requirements without a comma and none without a list', () => {
    const two = { ...POLICY, requireLowercase: false, requireNumbers: false }
    expect(summaryIn('eng', two)).toBe('Password must be at least 12 characters long and include an uppercase letter and a special character.')
    const none = { ...POLICY, requireUppercase: false, requireLowercase: false, requireNumbers: false, requireSymbols: false }
    expect(summaryIn('eng', none)).toBe('Password must be at least 12 characters long')
  })
})
