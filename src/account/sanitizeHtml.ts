/**
 * Documents carry HTML written by administrators (spec §3). Before it is shown, everything outside a
 * small set of text-formatting tags and attributes is dropped, so no script, style, frame, form or
 * event handler can run in the reader's session.
 */
const TAGS = new Set([
  'A', 'B', 'BLOCKQUOTE', 'BR', 'CODE', 'DIV', 'EM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'I', 'LI', 'OL', 'P', 'PRE', 'SMALL', 'SPAN',
  'STRONG', 'SUB', 'SUP', 'TABLE', 'TBODY', 'TD', 'TH', 'THEAD', 'TR', 'U', 'UL',
])
/** Elements whose content is dropped with them (the others are unwrapped, keeping their text). */
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM', 'TEXTAREA', 'SELECT'])
const SAFE_URL = /^(https?:|mailto:|\/|#)/i

function clean(node: Node) {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove()
      continue
    }
    const el = child as Element
    if (DROP_WITH_CONTENT.has(el.tagName.toUpperCase())) {
      el.remove()
      continue
    }
    clean(el)
    if (!TAGS.has(el.tagName.toUpperCase())) {
      el.replaceWith(...Array.from(el.childNodes))
      continue
    }
    for (const attr of Array.from(el.attributes)) {
      const keep = el.tagName === 'A' ? attr.name === 'href' && SAFE_URL.test(attr.value.trim()) : attr.name === 'colspan' || attr.name === 'rowspan'
      if (!keep) el.removeAttribute(attr.name)
    }
    if (el.tagName === 'A') {
      el.setAttribute('rel', 'noopener noreferrer')
      el.setAttribute('target', '_blank')
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  clean(doc.body)
  return doc.body.innerHTML
}
