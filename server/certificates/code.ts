import { randomInt } from 'node:crypto'

/**
 * Verification codes: 12 characters of Crockford's base32 (no I, L, O or U), 60 random bits, so a
 * code cannot be guessed yet is short enough to type from paper. Printed in groups of four.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_LENGTH = 12

export function newCertificateCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

/** `ABCD-EFGH-JKMN`: how the code is printed and shown. */
export const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-')

/**
 * The stored form of a typed code, or null when it cannot be one: case, spaces and dashes are ignored
 * and the letters people mistake for digits are read as those digits (O → 0, I and L → 1).
 */
export function normalizeCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null
}
