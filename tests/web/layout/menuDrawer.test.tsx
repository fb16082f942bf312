import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_KEY } from '../../../src/i18n'
import { renderShell, useScreenWidth } from './renderShell'

beforeEach(() => localStorage.setItem(LANGUAGE_KEY, 'eng'))

/** The side menus in the drawer (the horizontal layout's menu bar, hidden on phones by CSS, is left out). */
const drawerMenus = () => screen.queryAllByRole('navigation', { name: 'Main menu' }).filter((nav) => nav.closest('.MuiDrawer-root'))

describe.each(['vertical', 'horizontal'] as const)('the menu on a phone (%s layout)', (layoutType) => {
  // 700 px: above react-admin's `sm` (where its sidebar state defaults to open), below MUI's `md`.
  it.each([390, 700])('starts closed at %i px and opens from the menu button', async (width) => {
    useScreenWidth(width)
    renderShell({ groups: ['admin'], settings: { layoutType } })
    const button = await screen.findByRole('button', { name: 'Show or hide the menu' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(drawerMenus()).toHaveLength(0)
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible()

    await userEvent.click(button)
    await waitFor(() => expect(drawerMenus()).toHaveLength(1))
    expect(button).toHaveAttribute('aria-expanded', 'true')

    // Following a link closes the drawer again.
    await userEvent.click(within(drawerMenus()[0]).getByRole('link', { name: 'Dashboard' }))
    await waitFor(() => expect(drawerMenus()).toHaveLength(0))
  })
})

describe.each(['vertical', 'horizontal'] as const)('the phone menu drawer (%s layout)', (layoutType) => {
  it('has the brand, a close button and Settings for everyone', async () => {
    useScreenWidth(390)
    renderShell({ groups: [], settings: { layoutType } })
    await userEvent.click(await screen.findByRole('button', { name: 'Show or hide the menu' }))
    const drawer = await waitFor(() => {
      const [menu] = drawerMenus()
      expect(menu).toBeDefined()
      return menu.closest('.MuiDrawer-paper') as HTMLElement
    })
    expect(within(drawer).getByRole('link', { name: 'Aula home' })).toHaveAttribute('href', '/dashboard')
    expect(within(drawer).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile')

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close the menu' }))
    await waitFor(() => expect(drawerMenus()).toHaveLength(0))
    expect(screen.getByRole('button', { name: 'Show or hide the menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('the menu on a desktop (vertical layout)', () => {
  it('shows the configured sidebar type beside the page; the menu button folds it to icons', async () => {
    useScreenWidth(1366)
    renderShell({ groups: ['admin'], settings: { layoutType: 'vertical', leftSideBarType: 'compact' } })
    const nav = await screen.findByRole('navigation', { name: 'Main menu' })
    expect(await within(nav).findByText('Dashboard')).toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Show or hide the menu' })
    expect(button).toHaveAttribute('aria-expanded', 'true')

    await userEvent.click(button)
    await waitFor(() => expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument())
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
  })
})
