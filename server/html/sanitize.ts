import { createRequire } from 'node:module'
import type sanitizeHtml from 'sanitize-html'

/**
 * The HTML administrators may store in a document: text formatting, headings, lists, links, images,
 * tables and quotes from the rich-text editor. Scripts, styles, frames, forms, event-handler attributes
 * and javascript: URLs are dropped, so stored HTML never runs script wherever it is shown.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Links that open a new tab never hand the opener to the target page.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
}

// Loaded with the first HTML to clean (a synchronous require): it is not needed to start the server.
let sanitizer: typeof sanitizeHtml | undefined

export function sanitizeDocumentHtml(html: string): string {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml
  return sanitizer(html, OPTIONS).trim()
}

/** Markup dropped entirely, with what is inside it (scripts and styles never become text either). */
const PLAIN: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' }

/**
 * Plain text with line breaks from what a person typed (discussion posts, decision 0034): every tag is
 * removed (a `<script>` with its content), the text is kept as typed (`a < b` stays `a < b`; a tag typed as entities is removed too), line
 * breaks are kept and runs of more than two blank lines are shortened. It is shown as text, never as HTML.
 */
export function sanitizePlainText(text: string): string {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml
  const clean = sanitizer
  // Entities decode to text; a tag written as entities (`&lt;script&gt;`) is then markup, so again until nothing changes.
  let text0 = text.replace(/\r\n?/g, '\n')
  for (let i = 0; i < 5; i++) {
    const next = clean(text0, PLAIN).replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e])
    if (next === text0) break
    text0 = next
  }
  return text0.replace(/\n{3,}/g, '\n\n').trim()
}
