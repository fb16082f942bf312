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
      if (c === 0x5c) i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}
