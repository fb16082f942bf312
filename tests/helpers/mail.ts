import fs from 'node:fs'
import path from 'node:path'

/** Reading the mail the files transport writes (`<data dir>/mail/*.eml`), for tests. */
export interface Mail {
  file: string
  to: string
  subject: string
  /** The text/plain part. */
  text: string
  /** The text/html alternative, when the message has one. */
  html?: string
  /** The top-level header fields, names in lower case, values unfolded and decoded. */
  headers: Map<string, string>
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const joined = body.replace(/=\r?\n/g, '')
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(c, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

interface Entity {
  headers: Map<string, string>
  body: string
}

/** Splits a MIME entity (headers, blank line, body); folded header lines are unfolded. */
function entity(raw: string): Entity {
  const split = raw.indexOf('\n\n')
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 2) }
}

/** A Content-Type's media type (lower case) and one of its parameters. */
function contentType(e: Entity): { type: string; param: (name: string) => string | undefined } {
  const value = e.headers.get('content-type') ?? 'text/plain'
  const [type, ...params] = value.split(';')
  return {
    type: type.trim().toLowerCase(),
    param: (name) => {
      for (const p of params) {
        const eq = p.indexOf('=')
        if (eq > 0 && p.slice(0, eq).trim().toLowerCase() === name)
          return p
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1')
      }
      return undefined
    },
  }
}

/** The decoded body of a leaf entity (quoted-printable, base64 or 7/8 bit). */
function decodeBody(e: Entity): string {
  const encoding = (e.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  return encoding === 'quoted-printable'
    ? decodeQuotedPrintable(e.body)
    : encoding === 'base64'
      ? Buffer.from(e.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : e.body
}

/** The leaf parts of an entity, depth first: the entity itself unless it is multipart (split on its boundary). */
function leaves(e: Entity): Entity[] {
  const { type, param } = contentType(e)
  const boundary = param('boundary')
  if (!type.startsWith('multipart/') || !boundary) return [e]
  const delimiter = `--${boundary}`
  const parts: Entity[] = []
  let current: string[] | undefined // undefined: the preamble, before the first delimiter
  for (const line of e.body.split('\n')) {
    if (line === delimiter || line === `${delimiter}--`) {
      if (current) parts.push(entity(current.join('\n')))
      if (line.endsWith('--') && line !== delimiter) break
      current = []
    } else current?.push(line)
  }
  return parts.flatMap(leaves)
}

/**
 * Parses one message as nodemailer writes it: a single text part, or multipart (the text part and
 * its HTML alternative), each QP, base64 or plain.
 */
export function parseMail(file: string): Mail {
  const message = entity(fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n'))
  const parts = leaves(message)
  const part = (type: string) => {
    const found = parts.find((p) => contentType(p).type === type)
    return found && decodeBody(found)
  }
  return {
    file,
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: part('text/plain') ?? '',
    html: part('text/html'),
    headers: new Map([...message.headers].map(([name, value]) => [name, decodeHeader(value)])),
  }
}

/** Every message written so far to `to` under <dataDir>/mail, oldest first. */
export function mailsTo(dataDir: string, to: string): Mail[] {
  const dir = path.join(dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(path.join(dir, f)))
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
}

/** The six-digit code of a message, or undefined. */
export const codeIn = (mail: Mail | undefined): string | undefined => (mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined)
