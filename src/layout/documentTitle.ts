export const PRODUCT_NAME = 'Aula'

/**
 * Spec §2: the document title is the path capitalised, then ' | ' and the product name.
 * `/admin/users` → "Admin / Users | Aula"; `/` → "Dashboard | Aula" (where it redirects).
 * `names` translates the segments the interface knows (`settings` → "Configuración"); any other
 * segment keeps its capitalised form.
 */
export function documentTitle(pathname: string, names: Record<string, string> = {}): string {
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s))
  const label = (segment: string) => {
    const known = names[segment]
    if (known) return known
    const words = segment.replaceAll('-', ' ')
    return words.charAt(0).toUpperCase() + words.slice(1)
  }
  const title = segments.length ? segments.map(label).join(' / ') : (names.dashboard ?? 'Dashboard')
  return `${title} | ${PRODUCT_NAME}`
}
