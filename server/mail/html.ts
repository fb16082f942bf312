/**
 * The HTML alternative of a mail, derived from its text so the two never disagree: the text's
 * paragraphs (blank-line separated, line breaks kept), every value escaped, and, for messages with an
 * action (the sign-in page), a button-looking link after the paragraph that names its address.
 * Inline styles only: mail clients drop style sheets.
 */

/** A link the message asks the reader to follow, e.g. the platform's sign-in page. */
export interface MailAction {
  label: string
  url: string
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML content and (double-quoted) attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c])
}

/** Only absolute http(s) addresses become links. */
function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  } catch {
    return false
  }
}

const TEXT = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e293b;overflow-wrap:anywhere;word-break:break-word'
const LINK = 'color:#0f766e;text-decoration:underline'
const BUTTON =
  'display:inline-block;padding:12px 24px;border-radius:6px;background-color:#0f766e;color:#ffffff;' +
  'font-size:16px;font-weight:bold;line-height:1.25;text-decoration:none'

const link = (url: string) => `<a href="${escapeHtml(url)}" style="${LINK}">${escapeHtml(url)}</a>`

/** One line of text, escaped, with the trusted addresses (and only those) made links. */
function line(text: string, trusted: string[]): string {
  if (trusted.length === 0) return escapeHtml(text)
  const pattern = new RegExp(`(?:${trusted.map((u) => u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=$|\\s)`, 'g')
  let out = ''
  let last = 0
  for (const match of text.matchAll(pattern)) {
    out += escapeHtml(text.slice(last, match.index)) + link(match[0])
    last = match.index + match[0].length
  }
  return out + escapeHtml(text.slice(last))
}

export function mailHtml(mail: { lang: string; subject: string; text: string; action?: MailAction; links?: string[] }): string {
  const action = mail.action && isWebAddress(mail.action.url) ? mail.action : undefined
  // The action's address and its site's address are ours (PUBLIC_URL or the checked origin): linked where the text shows them.
  const trusted = [...new Set([...(action ? [action.url, new URL(action.url).origin] : []), ...(mail.links ?? []).filter(isWebAddress)])].sort(
    (a, b) => b.length - a.length,
  )
  const paragraphs = mail.text
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
  const button = action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="${BUTTON}">${escapeHtml(action.label)}</a></p>` : ''
  const at = action ? paragraphs.findIndex((p) => p.includes(action.url)) : -1
  const body = paragraphs.map(
    (p, i) =>
      `<p style="${TEXT}">${p
        .split('\n')
        .map((l) => line(l, trusted))
        .join('<br>\n')}</p>` + (i === at ? `\n${button}` : ''),
  )
  if (action && at < 0) body.push(button)
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(mail.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background-color:#ffffff">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Helvetica,Arial,sans-serif">',
    ...body,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
