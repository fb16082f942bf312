import DOMPurify from 'dompurify'

/**
 * Documents carry HTML written by administrators (requirements §3). Before it is shown, DOMPurify keeps only
 * text-formatting tags and safe links, so no script, style, frame, form or event handler can run in
 * the reader's session.
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]
const ALLOWED_ATTR = ['href', 'colspan', 'rowspan']
const SAFE_URL = /^(?:https?:|mailto:|\/|#)/i

let hooked = false
function addLinkHook() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return
    const href = node.getAttribute('href')?.trim()
    if (href && !SAFE_URL.test(href)) node.removeAttribute('href')
    node.setAttribute('rel', 'noopener noreferrer')
    node.setAttribute('target', '_blank')
  })
}

export function sanitizeHtml(html: string): string {
  addLinkHook()
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target', 'rel'] })
}

/**
 * Moves every heading of sanitised HTML `by` levels down (h2 → h3 for `by` 1, at most h6), so a
 * document shown under a screen's own heading keeps a correct outline.
 */
export function shiftHeadings(html: string, by: number): string {
  if (by <= 0) return html
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/gi, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + by)}`)
}

/**
 * Places the headings of `html` under a heading of level `top - 1`: the levels it uses, whatever they
 * are, become `top`, `top + 1`, … in their order (at most h6), so no level is skipped (axe
 * `heading-order`) however deep the text sits on the page.
 */
export function nestHeadings(html: string, top: number): string {
  const used = [...new Set([...html.matchAll(/<h([1-6])(?=[\s>])/gi)].map((m) => Number(m[1])))].sort((a, b) => a - b)
  const level = new Map(used.map((l, i) => [l, Math.min(6, Math.max(1, top) + i)]))
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/gi, (_, slash: string, l: string) => `<${slash}h${level.get(Number(l)) ?? l}`)
}
