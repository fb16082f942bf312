import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_KEY } from '../../../src/i18n'
import { renderShell, useWideScreen } from './renderShell'

beforeEach(() => useWideScreen())

describe('top bar', () => {
  it('starts in Spanish (mx) and offers every catalogue; the choice is stored in I18N_LANGUAGE', async () => {
    renderShell()
    await userEvent.click(await screen.findByRole('button', { name: 'Idioma: Español (México)' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Español (México)',
      'English',
      'Español (España)',
      'Italiano',
      'Deutsch',
      'Русский',
    ])
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }))
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('gr')
    expect(await screen.findByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument()
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
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings/profile')
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/logout')
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
  })

  it('the apps dropdown links to the configured places in a new tab', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'eng')
    renderShell()
    await userEvent.click(await screen.findByRole('button', { name: 'Aula elsewhere' }))
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Website', 'Social page', 'Video channel', 'Short videos'])
    expect(items[0]).toHaveAttribute('target', '_blank')
  })
})
