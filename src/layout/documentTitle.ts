export const PRODUCT_NAME = 'Aula'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path segment as written; a malformed escape (`%E0`) stays as it is rather than failing. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Requirements §2: the document title is the path capitalised, then ' | ' and the product name.
 * `/admin/users` → "Admin / Users | Aula"; `/` → "Dashboard | Aula" (where it redirects).
 * `names` translates the segments the interface knows (`settings` → "Configuración"); any other
 * segment keeps its capitalised form. Record ids (UUIDs) say nothing to a reader and are left out:
 * `/galaxy/courses/player/{uuid}/{uuid}` → "Galaxy / Courses / Player | Aula".
 */
export function documentTitle(pathname: string, names: Record<string, string> = {}): string {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map(decoded)
    .filter((s) => !UUID.test(s))
  const label = (segment: string) => {
    const known = names[segment]
    if (known) return known
    const words = segment.replaceAll('-', ' ')
    return words.charAt(0).toUpperCase() + words.slice(1)
  }
  const title = segments.length ? segments.map(label).join(' / ') : (names.dashboard ?? 'Dashboard')
  return `${title} | ${PRODUCT_NAME}`
}
