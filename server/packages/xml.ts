import { XMLParser, XMLValidator } from 'fast-xml-parser'

/**
 * The XML of a package (a Common Cartridge, a SCORM manifest), read defensively: a document that
 * declares a document type (and so could declare entities, external or expanding) is refused before
 * it is parsed, so only XML's five predefined entities and character references are ever decoded;
 * nothing is fetched. Every element is a list of its occurrences (`kids`), attributes are `@_name`,
 * namespaces prefixes are dropped (the versions of a standard name their namespaces differently).
 */

export type XNode = Record<string, unknown>

/** A document the package holds that cannot be read safely: its message says why. */
export class XmlRefusal extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  trimValues: true,
})

/** Parses `text` (the file `name`, named in refusals). */
export function parseXml(text: string, name: string): XNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlRefusal(`${name} declares a document type or entities, which a package never needs`)
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new XmlRefusal(`${name} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`)
  try {
    return parser.parse(text) as XNode
  } catch {
    throw new XmlRefusal(`${name} is not well-formed XML`)
  }
}

/** The child elements `tag` of `node`, in order (a text-only element comes as `{ '#text': … }`). */
export function kids(node: XNode | undefined, tag: string): XNode[] {
  const value = node?.[tag]
  if (!Array.isArray(value)) return []
  return value.map((c: unknown) => (typeof c === 'object' && c !== null ? (c as XNode) : { '#text': String(c) }))
}

/** The first child element `tag`. */
export const kid = (node: XNode | undefined, tag: string): XNode | undefined => kids(node, tag)[0]

/** The element's own text. */
export function text(node: XNode | undefined): string {
  const value = node?.['#text']
  return value === undefined || value === null ? '' : String(value).trim()
}

/** An attribute, or undefined. */
export function attr(node: XNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`]
  return typeof value === 'string' ? value : undefined
}

/** Following `tags` down the first child at each level. */
export function path(node: XNode | undefined, ...tags: string[]): XNode | undefined {
  let at = node
  for (const tag of tags) at = kid(at, tag)
  return at
}
