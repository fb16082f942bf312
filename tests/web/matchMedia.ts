/** A MediaQueryList that answers `matches` and never changes (jsdom has no `matchMedia`). */
export function mediaList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }
}

/** `matchMedia` answering as a screen `width` pixels wide: its min-width and max-width conditions. */
export const matchMediaAt =
  (width: number) =>
  (query: string): MediaQueryList =>
    mediaList(
      query,
      [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px))),
    )
