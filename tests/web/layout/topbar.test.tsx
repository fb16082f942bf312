import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PublicConfig } from '../../../contracts/config'
import { resetPublicConfig } from '../../../src/authProvider/config'
import { LANGUAGE_KEY } from '../../../src/i18n'
import { config } from '../account/fakeIdentity'
import { renderShell, useWideScreen } from './renderShell'
import { ALL_LOCALES, preloadForTests } from '../preload'

await preloadForTests({ locales: ALL_LOCALES })

beforeEach(() => useWideScreen())

describe('top bar', () => {
  it('starts in Spanish (mx) and offers every catalogue; the choice is stored in I18N_LANGUAGE', async () => {
    renderShell()
    await userEvent.click(await screen.findByRole('button', { name: 'Idioma: Español (México) (ES-MX)' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Español (México)', 'English', 'Español (España)', 'Italiano', 'Deutsch', 'Русский'])
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }))
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('gr')
    expect(await screen.findByRole('button', { name: 'Sprache: Deutsch (DE)' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('de')
  })

  it('the search box opens the course catalogue filtered by the words typed', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'eng')
    renderShell()
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search courses' }), 'data science{Enter}')
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/courses?search=data%20science')
  })

  it('the user menu links to the profile and to logout', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'eng')
    renderShell()
    // Its name starts with the initials it shows (axe label-content-name-mismatch).
    await userEvent.click(await screen.findByRole('button', { name: 'AL: account menu of Ada Lovelace' }))
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings/profile')
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/logout')
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
  })
})

describe('links from GET /api/config (apps dropdown, footer)', () => {
  const server = setupServer()
  let requests = 0
  const serve = (extra: Partial<PublicConfig>) =>
    server.use(
      http.get('*/api/config', () => {
        requests += 1
        return HttpResponse.json({ ...config, ...extra })
      }),
    )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  beforeEach(() => {
    localStorage.setItem(LANGUAGE_KEY, 'eng')
    resetPublicConfig()
    requests = 0
  })
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  it('the apps dropdown links to the configured places in a new tab; the footer names the developer', async () => {
    serve({
      links: {
        website: 'https://aula.example.org',
        social: 'https://social.example.org/aula',
        video: 'https://video.example.org/@aula',
        shortVideo: 'https://short.example.org/@aula',
      },
      developedBy: { text: 'Aula team', url: 'https://team.example.org' },
      build: 42,
    })
    renderShell()
    const apps = await screen.findByRole('button', { name: 'Aula elsewhere' })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Aula team' })).toHaveAttribute('href', 'https://team.example.org')
    expect(footer).toHaveTextContent('Build 0042')
    expect(requests).toBe(1)

    await userEvent.click(apps)
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Website', 'Social page', 'Video channel', 'Short videos'])
    expect(items[0]).toHaveAttribute('href', 'https://aula.example.org')
    expect(items[0]).toHaveAttribute('target', '_blank')
  })

  it('leaves out a link that is not configured', async () => {
    serve({ links: { video: 'https://video.example.org/@aula' } })
    renderShell()
    await userEvent.click(await screen.findByRole('button', { name: 'Aula elsewhere' }))
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Video channel'])
  })

  it('hides the apps dropdown when no link is configured', async () => {
    serve({ links: {} })
    renderShell()
    await waitFor(() => expect(requests).toBe(1))
    await screen.findByRole('heading', { name: 'Dashboard page' })
    expect(screen.queryByRole('button', { name: 'Aula elsewhere' })).not.toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Developed by Aula')
  })
})

describe('language button', () => {
  it.each([
    ['mx', 'Idioma: Español (México) (ES-MX)', 'Español (México)', 'ES-MX'],
    ['eng', 'Language: English (EN)', 'English', 'EN'],
    ['es', 'Idioma: Español (España) (ES-ES)', 'Español (España)', 'ES-ES'],
    ['it', 'Lingua: Italiano (IT)', 'Italiano', 'IT'],
    ['gr', 'Sprache: Deutsch (DE)', 'Deutsch', 'DE'],
    ['rs', 'Язык: Русский (RU)', 'Русский', 'RU'],
  ])(
    'in %s shows the language’s own name (and a compact tag on phones), never the catalogue code; its name holds both',
    async (locale, name, label, compact) => {
      localStorage.setItem(LANGUAGE_KEY, locale)
      renderShell()
      const button = await screen.findByRole('button', { name })
      // axe's label-content-name-mismatch: the accessible name contains whichever form is visible.
      expect(button.getAttribute('aria-label')).toContain(label)
      expect(button.getAttribute('aria-label')).toContain(compact)
      // Both forms are in the page; CSS shows the name from md up and the compact tag below.
      expect(within(button).getByText(label)).toBeInTheDocument()
      expect(within(button).getByText(compact)).toBeInTheDocument()
      // Aula's own code (GR for German, RS for Russian) would mislead; Italian's is the real tag.
      if (locale !== 'it') expect(within(button).queryByText(locale.toUpperCase())).not.toBeInTheDocument()
    },
  )
})
