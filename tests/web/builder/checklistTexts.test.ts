import { describe, expect, it } from 'vitest'
import { CHECK_PROBLEMS, VALIDATION_KEYS } from '../../../contracts/courses/content'
import { catalogues } from '../../../src/i18n/catalogues'

type Texts = { [key: string]: string | Texts }
const publishTexts = (locale: string) => ((catalogues[locale as keyof typeof catalogues].aula as unknown as Texts).builder as Texts).publish as Texts
const locales = Object.keys(catalogues)
const english = publishTexts('eng')
/** Texts that are rightly the same word as in English. */
const SAME_AS_ENGLISH: Record<string, string[]> = { gr: ['items.name'] }

/**
 * The publication checklist is worded by the builder from the keys and problem codes the server
 * answers (`publish/validate`): every one of them needs its text in every catalogue, and outside
 * English a text of its own, not the English one.
 */
describe('the checklist texts', () => {
  const paths = [
    ...VALIDATION_KEYS.flatMap((key) => [`items.${key}`, `details.${key}`]),
    ...CHECK_PROBLEMS.map((code) => `problems.${code}`),
    'problem',
    'more',
  ]
  const at = (tree: Texts, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], tree)

  it.each(locales)('%s has a text for every checklist key and problem', (locale) => {
    const texts = publishTexts(locale)
    const missing = paths.filter((path) => typeof at(texts, path) !== 'string' || (at(texts, path) as string).trim() === '')
    expect(missing).toEqual([])
  })

  it.each(locales.filter((l) => l !== 'eng'))('%s words every checklist text in its own language', (locale) => {
    const texts = publishTexts(locale)
    const untranslated = paths.filter((path) => at(texts, path) === at(english, path) && !SAME_AS_ENGLISH[locale]?.includes(path))
    expect(untranslated).toEqual([])
  })

  it('keeps the placeholders of every problem in every language', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const locale of locales)
      for (const path of paths) expect(placeholders(at(publishTexts(locale), path)), `${locale} ${path}`).toEqual(placeholders(at(english, path)))
  })
})
