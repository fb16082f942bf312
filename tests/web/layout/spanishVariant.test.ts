import { describe, expect, it } from 'vitest'
import { catalogues } from '../../../src/i18n/catalogues'
import { variantOf } from '../../../src/i18n/variant'

type Texts = { [key: string]: string | Texts }
type AreaModule = Record<string, Texts> & { differences?: Texts }

// Every area file of both catalogues, the player's (which loads on its own) included.
const spain = import.meta.glob<AreaModule>('../../../src/i18n/es/*.ts', { eager: true })
const mexico = import.meta.glob<AreaModule>('../../../src/i18n/mx/*.ts', { eager: true })
const areaFiles = Object.keys(spain)
  .map((path) => path.slice(path.lastIndexOf('/') + 1, -'.ts'.length))
  .filter((area) => area !== 'index')

/** Every text of a tree with its key path, e.g. `['overview.start', 'Empezar…']`. */
function texts(tree: Texts, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, path)
  })
}
const at = (tree: Texts, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], tree)

describe("Spain's Spanish is Mexican Spanish with the texts that differ", () => {
  it('has one area file per Mexican area file', () => {
    const mexicanAreas = Object.keys(mexico).map((path) => path.slice(path.lastIndexOf('/') + 1, -'.ts'.length))
    expect(areaFiles.sort()).toEqual(mexicanAreas.filter((area) => area !== 'index').sort())
  })

  it.each(areaFiles)('es/%s.ts lists only texts Mexican Spanish has, each one really different', (area) => {
    const { differences, [area]: merged } = spain[`../../../src/i18n/es/${area}.ts`]
    const base = mexico[`../../../src/i18n/mx/${area}.ts`][area]
    expect(differences, `es/${area}.ts exports its differences`).toBeTypeOf('object')
    const listed = texts(differences!)
    expect(listed.length).toBeGreaterThan(0)
    for (const [path, text] of listed) {
      expect(at(base, path), `${area}.${path} exists in mx`).toBeTypeOf('string')
      expect(text, `${area}.${path} differs from mx`).not.toBe(at(base, path))
    }
    // The area the app loads: every Mexican key, the listed text where there is one, else Mexico's.
    const overridden = new Map(listed)
    expect(texts(merged).map(([path]) => path)).toEqual(texts(base).map(([path]) => path))
    for (const [path, text] of texts(base)) expect(at(merged, path), `${area}.${path}`).toBe(overridden.get(path) ?? text)
  })

  it("comes out in the es catalogue with Spain's words and Mexico's shared texts", () => {
    const { es, mx } = catalogues
    expect(es.ra.action.add).toBe('Añadir')
    expect(mx.ra.action.add).toBe('Agregar')
    expect(es.aula.account.twoStep.intro).toMatch(/móvil/)
    expect(mx.aula.account.twoStep.intro).toMatch(/teléfono/)
    // The areas' texts (loaded with their screens) are in the whole catalogue too.
    expect(at(es as unknown as Texts, 'aula.learner.overview.presentation')).toBe('Vídeo de presentación')
    expect(at(es as unknown as Texts, 'aula.admin.courses.subscriptors.add')).toBe('Añadir alumno')
    expect(at(mx as unknown as Texts, 'aula.admin.courses.subscriptors.add')).toBe('Agregar alumno')
    // A text both countries write alike is Mexico's.
    expect(es.ra.action.save).toBe(mx.ra.action.save)
    expect(es.aula.language).toBe('Español (España)')
  })

  it('building a variant never adds keys to it nor touches the base', () => {
    const base = { a: 'uno', nested: { b: 'dos', c: 'tres' } }
    const variant = variantOf(base, { nested: { c: 'three', d: 'extra' } } as never)
    expect(variant).toEqual({ a: 'uno', nested: { b: 'dos', c: 'three' } })
    expect(base).toEqual({ a: 'uno', nested: { b: 'dos', c: 'tres' } })
    expect(variant.nested).not.toBe(base.nested)
    // Texts loaded into the variant's catalogue later (areas opened) stay out of the base.
    ;(variantOf(base, {}).nested as Record<string, string>).e = 'added'
    expect(base.nested).not.toHaveProperty('e')
  })
})
