import { describe, expect, it } from 'vitest'
import { renderMessage } from '../../server/mail/messages.js'
import { isoWeek } from '../../server/reminders/queries.js'
import { readUnsubscribeToken, unsubscribeToken } from '../../server/reminders/unsubscribe.js'

const renewUrl = 'https://aula.example.org/galaxy/courses/overview/2b1f0c1e-8f7a-4a53-9d61-0d4f7a2c9e10'
const unsubscribeUrl = 'https://aula.example.org/api/v2/mail/unsubscribe?token=reminders.YQ.sig'
const reminder = {
  kind: 'expiry-reminder',
  course: 'Física <b>&</b> química',
  expiresAt: '2026-12-10T09:30:00.000Z',
  daysLeft: 3,
  progress: { done: 4, total: 8, percent: 50 },
  renewUrl,
  unsubscribeUrl,
} as const

describe('the reminder and digest texts', () => {
  it('exist in every language, with the course, the progress, the renewal and the unsubscribe address', () => {
    for (const locale of ['mx', 'es', 'eng', 'it', 'gr', 'rs']) {
      const { subject, text, html } = renderMessage(reminder, locale)
      expect(subject, locale).toMatch(/^Aula: .*Física <b>&<\/b> química.* 3 /)
      expect(text, locale).toContain('50')
      expect(text, locale).toContain('4')
      expect(text, locale).toContain(renewUrl)
      expect(text, locale).toContain(unsubscribeUrl)
      expect(text, locale).toMatch(/2026/)
      // The course name is text in the HTML, never markup; both addresses are links.
      expect(html, locale).not.toContain('<b>&</b>')
      expect(html, locale).toContain('Física &lt;b&gt;&amp;&lt;/b&gt; química')
      expect(html, locale).toContain(`href="${renewUrl}"`)
      expect(html, locale).toContain(`href="${unsubscribeUrl}"`)
      const digest = renderMessage(
        { kind: 'weekly-digest', courses: [{ name: 'Óptica', url: renewUrl, expiresAt: reminder.expiresAt, progress: reminder.progress }], unsubscribeUrl },
        locale,
      )
      expect(digest.text, locale).toContain('Óptica: 50')
      expect(digest.html, locale).toContain(`href="${unsubscribeUrl}"`)
    }
  })

  it('says "today" on the day of expiry', () => {
    expect(renderMessage({ ...reminder, daysLeft: 0 }, 'eng').subject).toBe('Aula: your subscription to Física <b>&</b> química ends today')
  })
})

describe('unsubscribe tokens', () => {
  const key = Buffer.alloc(32, 7)
  it('read back what they were made of, and nothing else', () => {
    const token = unsubscribeToken(key, 'a1b2-ü', 'digest')
    expect(readUnsubscribeToken(key, token)).toEqual({ sub: 'a1b2-ü', topic: 'digest' })
    expect(readUnsubscribeToken(Buffer.alloc(32, 8), token)).toBeNull()
    const [, sub, mac] = token.split('.')
    expect(readUnsubscribeToken(key, `reminders.${sub}.${mac}`)).toBeNull()
    expect(readUnsubscribeToken(key, `digest.${Buffer.from('other').toString('base64url')}.${mac}`)).toBeNull()
    expect(readUnsubscribeToken(key, `${token}x`)).toBeNull()
    expect(readUnsubscribeToken(key, 'digest..')).toBeNull()
  })
})

describe('ISO weeks', () => {
  it.each([
    ['2026-11-27T12:00:00Z', '2026-W48'],
    ['2027-01-01T00:00:00Z', '2026-W53'],
    ['2026-01-01T00:00:00Z', '2026-W01'],
    ['2024-12-30T00:00:00Z', '2025-W01'],
  ])('%s is %s', (at, week) => expect(isoWeek(new Date(at))).toBe(week))
})
