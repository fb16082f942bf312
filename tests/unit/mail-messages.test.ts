import { describe, expect, it } from 'vitest'
import { mailLanguage, renderMessage } from '../../server/mail/messages.js'
import { escapeHtml, mailHtml } from '../../server/mail/html.js'

describe('mail language', () => {
  it.each([
    [undefined, 'es'],
    ['mx', 'es'],
    ['es', 'es'],
    ['eng', 'en'],
    ['en-GB', 'en'],
    ['it', 'it'],
    ['gr', 'de'],
    ['rs', 'ru'],
  ])('%s → %s', (locale, lang) => expect(mailLanguage(locale)).toBe(lang))

  it('writes the code into every language', () => {
    for (const locale of ['mx', 'eng', 'it', 'gr', 'rs']) {
      const { subject, text } = renderMessage({ kind: 'signup-code', code: '493021' }, locale)
      expect(subject).toMatch(/^Aula: /)
      expect(text).toContain('493021')
    }
  })
})

describe('the HTML alternative', () => {
  const invitation = { kind: 'temporary-password', username: "o'hara&co@x.test", password: '<b>"pw"</b>', days: 7, url: 'https://aula.example.org' } as const

  it('is the text in paragraphs, in the mail language, with the sign-in button after the address', () => {
    const { text, html } = renderMessage(invitation, 'eng')
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    const paragraphs = [...html.matchAll(/<p [^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1])
    expect(paragraphs.slice(0, 2)).toEqual(['Hello,', 'An Aula account has been created for you.'])
    expect(paragraphs).toHaveLength(text.trim().split('\n\n').length + 1)
    expect(paragraphs[2]).toContain('<br>\nTemporary password: ')
    expect(paragraphs.at(-1)).toMatch(/^<a href="https:\/\/aula\.example\.org\/login" style="[^"]*">Sign in<\/a>$/)
    expect(paragraphs.at(-2)).toContain('Sign in: <a href="https://aula.example.org/login"')
  })

  it('escapes every value', () => {
    const { html } = renderMessage(invitation, 'gr')
    expect(html).toContain('Benutzer: o&#39;hara&amp;co@x.test<br>')
    expect(html).toContain('Vorläufiges Passwort: &lt;b&gt;&quot;pw&quot;&lt;/b&gt;</p>')
    expect(html).not.toContain('<b>')
    const hostile = renderMessage({ ...invitation, url: 'https://aula.example.org/"><script>x</script>' }, 'gr').html
    expect(hostile).not.toContain('<script>')
    expect(hostile).toContain('&quot;&gt;&lt;script&gt;')
  })

  it('has a button only for messages that carry an address, and only to a web address', () => {
    for (const locale of ['mx', 'eng', 'it', 'gr', 'rs']) {
      expect(renderMessage({ kind: 'signup-code', code: '493021' }, locale).html).not.toContain('<a ')
      expect(renderMessage({ ...invitation, url: undefined }, locale).html).not.toContain('<a ')
    }
    expect(renderMessage({ ...invitation, url: 'javascript:alert(1)' }, 'eng').html).not.toContain('href')
    expect(mailHtml({ lang: 'en', subject: 's', text: 'a\r\n\r\n\r\nb\nc\n', action: undefined })).toContain(
      '<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1e293b;overflow-wrap:anywhere;word-break:break-word">b<br>\nc</p>',
    )
  })

  it('labels the button in the five languages', () => {
    const labels = { mx: 'Inicia sesión', eng: 'Sign in', it: 'Accedi', gr: 'Anmelden', rs: 'Войти' }
    for (const [locale, label] of Object.entries(labels)) {
      expect(renderMessage(invitation, locale).html).toContain(`">${label}</a></p>`)
      expect(renderMessage(invitation, locale).text).toContain(`${label}: https://aula.example.org/login`)
    }
  })
})

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'))
})
