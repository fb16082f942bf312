/**
 * The builder lives at /creator/courses and at its alias /creator-old/courses (requirements §2): links stay
 * under the prefix the page was opened with.
 */
export function builderBase(pathname: string, uuid?: string): string {
  const prefix = pathname.startsWith('/creator-old/') ? '/creator-old/courses' : '/creator/courses'
  return uuid ? `${prefix}/${encodeURIComponent(uuid)}` : prefix
}
