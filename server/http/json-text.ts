/** Checks on JSON text and parsed values that the API and the identity service both apply before using a body. */

/** The deepest nesting of objects and arrays a request body may have (Cognito's and our own bodies need 5). */
export const MAX_JSON_DEPTH = 32

/**
 * Whether JSON text nests objects/arrays deeper than `limit`, found by one scan of the text
 * (brackets inside strings are skipped) before anything parses or walks it recursively.
 */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

const NUL = '\u0000'

/**
 * Paths (dotted, as in validation errors: `items.0.name`) of the strings in `value` that hold a NUL
 * character, object keys included. The walk stops at MAX_JSON_DEPTH, the deepest a body may nest.
 */
export function nulPaths(value: unknown, base = '', found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) found.push(base || '(request)')
  } else if (value !== null && typeof value === 'object' && depth <= MAX_JSON_DEPTH && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const path = base ? `${base}.${key}` : key
      if (key.includes(NUL)) found.push(base ? `${base}.(key)` : '(key)')
      nulPaths(item, path, found, depth + 1)
    }
  }
  return found
}
