import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_KEY, type Locale } from '../../../src/i18n'
import { catalogues } from '../../../src/i18n/catalogues'
import { lightTheme, darkTheme } from '../../../src/layout/theme/theme'
import { renderShell, useScreenWidth, useWideScreen } from './renderShell'
import { ALL_LOCALES, preloadForTests } from '../preload'

await preloadForTests({ locales: ALL_LOCALES })

beforeEach(() => localStorage.setItem(LANGUAGE_KEY, 'eng'))

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('skip link', () => {
  it.each(Object.keys(catalogues) as Locale[])('in %s: readable (white on the dark brand colour) and moves focus into the main content', async (locale) => {
    localStorage.setItem(LANGUAGE_KEY, locale)
    useWideScreen()
    renderShell()
    const link = await screen.findByRole('link', { name: catalogues[locale].aula.topbar.skipToContent })
    const style = getComputedStyle(link)
    expect(style.color).toBe('rgb(255, 255, 255)')
    expect(contrast('#ffffff', (lightTheme.palette as { primary: { dark: string } }).primary.dark)).toBeGreaterThanOrEqual(4.5)
    await userEvent.click(link)
    const main = screen.getByRole('main')
    expect(main).toHaveAttribute('id', 'main-content')
    expect(document.activeElement).toBe(main)
    expect(document.activeElement).not.toBe(document.body)
  })
})

describe('account and language buttons', () => {
  it('the avatar initials are white on the brand’s dark teal: at least 4.5:1 in light and dark', async () => {
    useWideScreen()
    renderShell()
    const button = await screen.findByRole('button', { name: /^AL: account menu of Ada Lovelace$/ })
    const avatar = within(button).getByText('AL')
    expect(getComputedStyle(avatar).color).toBe('rgb(255, 255, 255)')
    for (const theme of [lightTheme, darkTheme]) {
      const dark = (theme.palette as { primary: { dark: string } }).primary.dark
      expect(contrast('#ffffff', dark)).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe('menus', () => {
  it('the phone drawer is named; the Management submenu is a named group of links, not a list of non-items', async () => {
    useScreenWidth(390)
    renderShell({ groups: ['admin'], settings: { layoutType: 'vertical' } })
    await userEvent.click(await screen.findByRole('button', { name: 'Show or hide the menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Main menu' })
    await userEvent.click(within(drawer).getByRole('button', { name: 'Management' }))
    const group = await within(drawer).findByRole('group', { name: 'Management' })
    expect(within(group).getByRole('link', { name: 'Users' })).toBeInTheDocument()
    // Every list in the drawer holds only list items.
    for (const list of drawer.querySelectorAll('ul')) {
      for (const child of list.children) expect(child.tagName).toBe('LI')
    }
  })

  it('keyboard focus on a menu entry shows a ring: the theme draws an outline on focus-visible', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const base = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, { outline?: string }>
      expect(base['&.Mui-focusVisible'].outline).toMatch(/2px solid/)
    }
  })

  it('the top-bar search leads to the catalogue with the words', async () => {
    useWideScreen()
    renderShell()
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search courses' }), 'física{Enter}')
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/courses?search=f%C3%ADsica'))
  })
})
