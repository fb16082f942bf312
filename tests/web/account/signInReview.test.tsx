import './eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { i18nProvider, type Locale } from '../../../src/i18n'
import { catalogues } from '../../../src/i18n/catalogues'
import { DELAYS } from '../../../src/account/useLater'
import { field, passDelay, path, renderAt, useFakeClock, useFakeNetwork } from './harness'
import { ALL_LOCALES, preloadForTests } from '../preload'

await preloadForTests({ locales: ALL_LOCALES })

const net = useFakeNetwork()
const LOCALES = Object.keys(catalogues) as Locale[]

afterEach(async () => {
  await i18nProvider.changeLocale('eng')
})

/** The screens' e-mail field and submit button, in `locale`. */
const SCREENS: Array<{ path: string; submit: (locale: Locale) => string }> = [
  { path: '/login', submit: (l) => catalogues[l].aula.account.login.submit },
  { path: '/register', submit: (l) => catalogues[l].aula.account.register.submit },
  { path: '/forgot-password', submit: (l) => catalogues[l].aula.account.forgot.submit },
]

describe('e-mail checked before it is sent', () => {
  for (const screenUnderTest of SCREENS) {
    it.each(LOCALES)(`${screenUnderTest.path} in %s: “pedro example.org” gets the translated message, and nothing is sent`, async (locale) => {
      await i18nProvider.changeLocale(locale)
      renderAt(screenUnderTest.path)
      const user = userEvent.setup()
      const email = await screen.findByLabelText(new RegExp(catalogues[locale].aula.account.fields.email), { selector: 'input' })
      await user.type(email, 'pedro example.org')
      await user.click(screen.getByRole('button', { name: screenUnderTest.submit(locale) }))
      expect(await screen.findByText(catalogues[locale].aula.account.validation.emailFormat)).toBeInTheDocument()
      expect(screen.queryByText('Username should be an email.')).not.toBeInTheDocument()
      expect(net.identity.calls).toHaveLength(0)
    })
  }
})

describe('sign-in', () => {
  it('an unconfirmed user is told they are about to move to the confirmation, with the form locked meanwhile', async () => {
    net.identity.add({ email: 'new@example.test', status: 'UNCONFIRMED' })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'new@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('User is not confirmed. Taking you to the account confirmation ...')
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled()
    expect(field(/Email/)).toBeDisabled()
    await passDelay(
      DELAYS.unconfirmed,
      () => expect(path()).toBe('/login'),
      () => expect(path()).toBe('/register-confirmation'),
    )
  })

  it('after sign-in the user lands on the deep link first asked for (/settings/devices), not /dashboard', async () => {
    net.identity.add({ email: 'ana@example.test' })
    const user = useFakeClock()
    renderAt('/settings/devices?from=mail')
    await waitFor(() => expect(path()).toBe('/login'))
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'ana@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Log in successfully, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/settings/devices?from=mail'),
    )
  })

  it('the bootstrap administrator’s placeholder name is not shown as a name: complete register asks for the real one', async () => {
    net.identity.add({ email: 'admin@aula.local', name: 'Administrator', status: 'FORCE_CHANGE_PASSWORD', password: 'Temp#Pass1234', groups: ['admin'] })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'admin@aula.local')
    await user.type(field(/Password/), 'Temp#Pass1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(path()).toBe('/complete-register'), { timeout: 5000 })
    const name = await screen.findByLabelText(/Name/, { selector: 'input' })
    expect(name).toHaveValue('')
    expect(name).not.toHaveAttribute('readonly')
    expect(screen.queryByDisplayValue('Administrator')).not.toBeInTheDocument()
    await user.type(field(/Password/), 'Brand#New1234')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Complete Register' }))
    expect(await screen.findByText('Please Enter Your Name')).toBeInTheDocument()
    await user.type(name, 'Rosa Martínez')
    await user.click(screen.getByRole('button', { name: 'Complete Register' }))
    expect(await screen.findByText('Registration completed, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/dashboard'),
    )
    const challenge = net.identity.op('RespondToAuthChallenge').at(-1)!.body.ChallengeResponses as Record<string, string>
    expect(challenge).toMatchObject({ 'userAttributes.name': 'Rosa Martínez' })
  })
})

describe('terms page', () => {
  const serve = () =>
    net.server.use(
      http.get('*/api/documents/terms-of-use-and-conditions', ({ request }) => {
        const locale = new URL(request.url).searchParams.get('locale') ?? 'mx'
        return HttpResponse.json({
          Item: {
            Id: 'terms-of-use-and-conditions',
            Name: 'Terms',
            Content: '<p>Text.</p>',
            Revision: 1,
            published_at: '2026-03-05T12:00:00.000Z',
            Locale: locale,
          },
        })
      }),
    )
  it.each([
    ['mx', 'Publicado el 5 de marzo de 2026'],
    ['eng', 'Published on 5 March 2026'],
    ['es', 'Publicado el 5 de marzo de 2026'],
    ['it', 'Pubblicato il 5 marzo 2026'],
    ['gr', 'Veröffentlicht am 5. März 2026'],
    ['rs', 'Опубликовано 5 марта 2026 г.'],
  ] as Array<[Locale, string]>)('in %s shows its publication date (%s) and a way back before the document', async (locale, published) => {
    serve()
    await i18nProvider.changeLocale(locale)
    renderAt('/terms-of-use-and-privacy')
    expect(await screen.findByText(published)).toBeInTheDocument()
    const back = catalogues[locale].aula.account.settings.terms.back
    const nav = screen.getByRole('navigation', { name: catalogues[locale].aula.account.settings.terms.navigation })
    const top = within(nav).getByRole('link', { name: back })
    expect(top).toHaveAttribute('href', '/')
    // The first link back comes before the document's title in reading (and tab) order.
    const title = screen.getByRole('heading', { level: 1 })
    expect(top.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

describe('language before sign-in', () => {
  it.each(LOCALES)('the public screens offer the language menu (%s)', async (locale) => {
    await i18nProvider.changeLocale(locale)
    for (const where of ['/login', '/register', '/forgot-password', '/terms-of-use-and-privacy']) {
      if (where.startsWith('/terms')) net.server.use(http.get('*/api/documents/*', () => HttpResponse.json({ message: 'x' }, { status: 404 })))
      const { unmount } = renderAt(where)
      const button = await screen.findByRole('button', { name: new RegExp(`^${catalogues[locale].aula.topbar.language.split(':')[0]}:`) })
      expect(button).toHaveAttribute('aria-haspopup', 'menu')
      unmount()
    }
  })

  it('choosing a language on /login translates the screen, <html lang> and is kept', async () => {
    renderAt('/login')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /^Language:/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('de')
    expect(localStorage.getItem('I18N_LANGUAGE')).toBe('gr')
    await waitFor(() => expect(document.title).toBe('Anmelden | Aula'))
  })
})
