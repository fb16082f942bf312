import './eng'
import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { httpClient } from '../../../src/dataProvider'
import { i18nProvider, type Locale } from '../../../src/i18n'
import { catalogues } from '../../../src/i18n/catalogues'
import { KNOWN_IDENTITY_ERRORS, identityErrorMessage } from '../../../src/ui/identityErrors'
import { path, renderAt, signedInAs, useFakeNetwork } from './harness'
import { ALL_LOCALES, preloadForTests } from '../preload'

await preloadForTests({ locales: ALL_LOCALES })

const net = useFakeNetwork()
const LOCALES = Object.keys(catalogues) as Locale[]
const ended = (locale: Locale) => `${catalogues[locale].aula.account.http.unauthorized}: ${catalogues[locale].aula.account.http.unauthorizedDetail}`

afterEach(async () => {
  await i18nProvider.changeLocale('eng')
})

/** As the identity service refuses a session ended elsewhere. */
const refuse = (message: string) =>
  HttpResponse.json({ __type: 'NotAuthorizedException', message }, { status: 400, headers: { 'x-amzn-errortype': 'NotAuthorizedException:' } })

describe('a session that ends elsewhere ends here', () => {
  it.each(['Access Token has been revoked', 'User is disabled.'])(
    '“%s” from the identity service while the devices pane loads: /logout, then /login says why',
    async (message) => {
      await signedInAs(net.identity.add({ email: 'ana@example.test' }))
      net.server.use(http.post('*/identity/', () => refuse(message)))
      // A Spanish screen: the service's English must not show in it meanwhile.
      await i18nProvider.changeLocale('mx')
      renderAt('/settings/devices')
      await waitFor(() => expect(net.assign).toHaveBeenCalledWith('/logout'))
      expect(screen.queryByText(message, { exact: false })).not.toBeInTheDocument()
    },
  )

  it('a tab coming back to the front asks the service; a revoked session goes to /logout', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    net.server.use(http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })))
    renderAt('/dashboard')
    await screen.findByText("You haven't subscribed to any course yet")
    net.server.use(http.post('*/identity/', () => refuse('Access Token has been revoked')))
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await waitFor(() => expect(net.assign).toHaveBeenCalledWith('/logout'))
  })

  it('an API 401 whose refresh is refused (“Refresh Token has been revoked”) goes to /logout', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    net.identity.refuseRefresh = true
    net.server.use(http.get('*/api/thing', () => HttpResponse.json({ message: 'Not authorized' }, { status: 401 })))
    await expect(httpClient('/api/thing')).rejects.toMatchObject({ status: 401 })
    expect(net.assign).toHaveBeenCalledWith('/logout')
    expect(sessionStorage.getItem('aula.sessionEnded')).not.toBeNull()
  }, 20_000)

  it.each(LOCALES)('in %s, /login after such an end shows requirements §8’s 401 text in the reader’s language, once', async (locale) => {
    sessionStorage.setItem('aula.sessionEnded', '401')
    await i18nProvider.changeLocale(locale)
    const { unmount } = renderAt('/login')
    expect(await screen.findByRole('alert')).toHaveTextContent(ended(locale))
    unmount()
    renderAt('/login')
    await screen.findAllByRole('button')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('/logout after such an end reloads /login', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    sessionStorage.setItem('aula.sessionEnded', '401')
    renderAt('/logout')
    await waitFor(() => expect(net.assign).toHaveBeenCalledWith('/login'))
    expect(localStorage.getItem('jwt')).toBeNull()
    expect(path()).toBe('/logout')
  })
})

describe('no raw identity-service message reaches the screen', () => {
  const raw = 'Some English text from the identity service.'
  it.each(LOCALES)('in %s every exception name the web app can meet has a catalogue text', async (locale) => {
    await i18nProvider.changeLocale(locale)
    const account = catalogues[locale].aula.account
    const texts = new Set([...Object.values(account.errors), ...Object.values(account.http)])
    const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options)
    for (const name of [...KNOWN_IDENTITY_ERRORS, 'SomethingNewException']) {
      const text = identityErrorMessage({ code: name, name, message: raw }, translate)
      // (The English catalogue holds some of the service's own sentences as requirements §8 words them.)
      expect(text, name).not.toBe(raw)
      expect(texts.has(text), `${name} → ${text}`).toBe(true)
    }
    for (const message of [
      'Username should be an email.',
      'Access Token has been revoked',
      'Refresh Token has been revoked',
      'User is disabled.',
      'Password attempts exceeded',
    ]) {
      const text = identityErrorMessage({ code: message.startsWith('Username') ? 'InvalidParameterException' : 'NotAuthorizedException', message }, translate)
      if (locale !== 'eng') expect(text).not.toBe(message)
      expect(texts.has(text), `${message} → ${text}`).toBe(true)
    }
  })
})
