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
 * Puts the headings of sanitised HTML into the outline under a screen's own heading of level `parent`:
 * the first heading becomes level `parent + 1`, and none is more than one level below the one it
 * follows (axe `heading-order`), however the author numbered them. `<h3>A</h3><h5>B</h5><h2>C</h2>`
 * under an h1 reads h2 A, h3 B, h2 C; a heading deeper than h6 stays h6. Only the headings' names
 * change: their content and every other element stay as the sanitiser left them.
 */
export function nestHeadings(html: string, parent: number): string {
  const template = document.createElement('template')
  template.innerHTML = html
  // The author's levels still open above the current heading, with the level each was given.
  const open: Array<{ written: number; level: number }> = []
  for (const heading of Array.from(template.content.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const written = Number(heading.tagName.slice(1))
    while (open.length && open[open.length - 1].written >= written) open.pop()
    const level = Math.min(6, (open.length ? open[open.length - 1].level : parent) + 1)
    open.push({ written, level })
    if (level === written) continue
    const renamed = document.createElement(`h${level}`)
    for (const { name, value } of Array.from(heading.attributes)) renamed.setAttribute(name, value)
    renamed.append(...Array.from(heading.childNodes))
    heading.replaceWith(renamed)
  }
  return template.innerHTML
}
