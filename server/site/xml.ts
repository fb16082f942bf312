/** The small XML writer of the site's feeds and sitemaps: every text and attribute escaped here. */

/** Characters XML 1.0 does not allow at all (control characters other than tab, line feed, return). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

/** Text or an attribute value made safe inside XML (the five special characters and forbidden ones). */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** A node: an element with attributes and children, or a text. */
export type XmlNode = string | XmlElement
export interface XmlElement {
  name: string
  attributes?: Record<string, string | undefined>
  children?: XmlNode[]
}

/** An element; `children` may be texts (escaped) or elements. */
export const el = (name: string, attributes: Record<string, string | undefined> = {}, ...children: XmlNode[]): XmlElement => ({ name, attributes, children })

function write(node: XmlNode): string {
  if (typeof node === 'string') return escapeXml(node)
  const attributes = Object.entries(node.attributes ?? {})
    .filter((a): a is [string, string] => a[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('')
  const children = node.children ?? []
  return children.length === 0 ? `<${node.name}${attributes}/>` : `<${node.name}${attributes}>${children.map(write).join('')}</${node.name}>`
}

/** A whole document: the XML declaration and its root element. */
export const xmlDocument = (root: XmlElement) => `<?xml version="1.0" encoding="UTF-8"?>\n${write(root)}\n`
