/** Text helpers of the cartridge reader: pages, question texts, lengths. */

/** `s` cut to `n` characters, an ellipsis marking the cut. */
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** Plain text of an HTML fragment (question and option texts are plain in forms). */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d{1,6});/g, (_m, n: string) => String.fromCodePoint(Math.min(Number(n), 0x10ffff)))
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

/**
 * What is inside a page's `<body>` (or the page without its `<head>`), found with `indexOf` rather
 * than a backtracking expression: a hostile page of many unclosed tags costs one pass.
 */
export function bodyOf(page: string): string {
  const lower = page.toLowerCase()
  const open = lower.indexOf('<body')
  const start = open < 0 ? -1 : lower.indexOf('>', open)
  const end = lower.lastIndexOf('</body>')
  if (start >= 0 && end > start) return page.slice(start + 1, end)
  const head = lower.indexOf('<head')
  const headEnd = head < 0 ? -1 : lower.indexOf('</head>', head)
  return headEnd >= 0 ? page.slice(0, head) + page.slice(headEnd + '</head>'.length) : page
}
