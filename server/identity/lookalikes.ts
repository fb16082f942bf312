/**
 * E-mail addresses as the pool compares them.
 *
 * `normaliseEmail` is the form stored and looked up: Unicode NFKC (compatibility characters become
 * the letters they stand for: `ⅼ` U+217C is `l`, full-width `ａ` is `a`, `𝐚` is `a`), then lower case.
 *
 * `emailSkeleton` is what two addresses must not share: the normalised address with invisible
 * characters (Unicode's default-ignorable code points, such as zero-width spaces) removed, and every
 * letter of another script that is drawn like a Latin letter replaced by that letter — Cyrillic `а`,
 * `е`, `о`, `р`, `с` …, Greek `ο`, `ν`, `ρ` …, Armenian `օ`, `ս` …, and Latin's own `ı`, `ɑ`, `ɡ`.
 * This follows the skeleton of Unicode's confusable detection (UTS #39 §4: decompose, map each
 * character to its prototype, compare) restricted to the mixed-script cases that matter for
 * addresses; look-alikes within Latin itself (`rn`/`m`, `1`/`l`) are distinct addresses and stay so.
 * No npm package keeps Unicode's full confusables table for JavaScript; the table below is the
 * lower-case letters that table maps onto Latin letters from Cyrillic, Greek and Armenian.
 */

const PROTOTYPES: Record<string, string> = {
  // Cyrillic, capital and small (a capital is drawn like a Latin capital more often than its small letter is)
  А: 'A',
  В: 'B',
  Е: 'E',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  Ԛ: 'Q',
  С: 'C',
  Ѕ: 'S',
  Т: 'T',
  У: 'Y',
  Ү: 'Y',
  Ԝ: 'W',
  Х: 'X',
  Ӏ: 'I',
  а: 'a',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  г: 'r',
  һ: 'h',
  і: 'i',
  ј: 'j',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  у: 'y',
  ү: 'y',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  ь: 'b',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  α: 'a',
  γ: 'y',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Armenian
  Օ: 'O',
  Ս: 'U',
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  ց: 'g',
  զ: 'q',
  // Latin letters drawn like other Latin letters (dotless i and j, script a and g, small capitals)
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ɪ: 'i',
  ʟ: 'l',
  ɴ: 'n',
  ʀ: 'r',
  ꜱ: 's',
  ᴄ: 'c',
  ᴏ: 'o',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
  // Full stops of other scripts (as IDNA reads a domain)
  '。': '.',
  '｡': '.',
  '︒': '.',
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu

/** The stored and looked-up form of an address: NFKC, lower case. */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').toLowerCase().normalize('NFKC')
}

/**
 * The form two addresses may not share (see the module's note); only for comparing, never shown.
 * Letters are mapped before lower-casing, so a capital look-alike (Cyrillic `В` for `B`) counts too.
 */
export function emailSkeleton(email: string): string {
  const decomposed = email.normalize('NFKC').replace(IGNORABLE, '').normalize('NFD')
  let out = ''
  for (const ch of decomposed) out += PROTOTYPES[ch] ?? ch
  return out.toLowerCase().normalize('NFD')
}
