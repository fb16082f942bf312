export const PRODUCT_NAME = 'Aula'

/**
 * Spec §2: the document title is the path capitalised, then ' | ' and the product name.
 * `/admin/users` → "Admin / Users | Aula"; `/` → "Dashboard | Aula" (where it redirects).
 */
export function documentTitle(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s).replaceAll('-', ' '))
  const label = segments.length ? segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join(' / ') : 'Dashboard'
  return `${label} | ${PRODUCT_NAME}`
}
