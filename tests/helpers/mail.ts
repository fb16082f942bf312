import fs from 'node:fs'
import path from 'node:path'

/** Reading the mail the files transport writes (`<data dir>/mail/*.eml`), for tests. */
export interface Mail {
  file: string
  to: string
  subject: string
  text: string
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

/** Parses one single-part text message as nodemailer writes it (headers, then a QP, base64 or plain body). */
export function parseMail(file: string): Mail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n')
  const split = raw.indexOf('\n\n')
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const body = raw.slice(split + 2)
  const headers = new Map<string, string>()
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return { file, to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), text }
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
