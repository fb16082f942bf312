/**
 * A language variant (Spain's Spanish, `es`) is written as the texts that differ from its base catalogue
 * (Mexican Spanish, `mx`): each of its area files lists those texts only, and `variantOf` lays them
 * over the base area. Every other text is the base's.
 */

/**
 * Any part of a catalogue's shape, down to single texts. Written as an object literal checked with
 * `satisfies DeepPartial<…>`, a key the base does not have (a misspelling, or a text since removed from
 * the base) fails the typecheck, at any depth.
 */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }

type Texts = { readonly [key: string]: string | Texts }

/**
 * The base texts with the variant's differences laid over them, as a new object throughout (loading
 * more texts into the variant's catalogue never changes the base's). Only the base's keys are read, so
 * the result has exactly the base's shape.
 */
export function variantOf<T extends object>(base: T, differences: DeepPartial<T>): T {
  return overlay(base as Texts, differences as Texts) as T
}

function overlay(base: Texts, differences: Texts | undefined): Texts {
  const merged: Record<string, string | Texts> = {}
  for (const [key, text] of Object.entries(base)) {
    const different = differences?.[key]
    merged[key] =
      typeof text === 'string' ? (typeof different === 'string' ? different : text) : overlay(text, typeof different === 'object' ? different : undefined)
  }
  return merged
}
