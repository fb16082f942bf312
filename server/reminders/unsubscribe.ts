import crypto from 'node:crypto'

/** What a link unsubscribes from: the mail it came in. */
export type UnsubscribeTopic = 'reminders' | 'digest' | 'notifications'
const TOPICS: readonly UnsubscribeTopic[] = ['reminders', 'digest', 'notifications']

const mac = (key: Buffer, sub: string, topic: UnsubscribeTopic) =>
  crypto.createHmac('sha256', key).update(`aula-unsubscribe:${topic}:${sub.length}:${sub}`).digest('base64url')

/**
 * The token of a one-click unsubscribe link: `<topic>.<sub, base64url>.<HMAC-SHA-256>`. It names
 * the learner and the kind of mail, never expires (a mail read months later still works: RFC 8058
 * asks that it keep working) and only unsubscribes, so it needs no sign-in.
 */
export function unsubscribeToken(key: Buffer, sub: string, topic: UnsubscribeTopic): string {
  return `${topic}.${Buffer.from(sub, 'utf8').toString('base64url')}.${mac(key, sub, topic)}`
}

/** The learner and topic of a token, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(key: Buffer, token: string): { sub: string; topic: UnsubscribeTopic } | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [topic, encoded, signature] = parts
  if (!TOPICS.includes(topic as UnsubscribeTopic) || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null
  const sub = Buffer.from(encoded, 'base64url').toString('utf8')
  if (!sub || Buffer.from(sub, 'utf8').toString('base64url') !== encoded) return null
  const expected = Buffer.from(mac(key, sub, topic as UnsubscribeTopic))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  return { sub, topic: topic as UnsubscribeTopic }
}
