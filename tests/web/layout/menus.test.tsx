import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { GROUPS } from '../../../contracts/groups'
import { screenGroups } from '../../../contracts/policy'
import { LANGUAGE_KEY } from '../../../src/i18n'
import { buildMenu, visibleMenu, type MenuEntry } from '../../../src/layout/menu/menuItems'
import { renderShell, useWideScreen } from './renderShell'

beforeEach(() => {
  localStorage.setItem(LANGUAGE_KEY, 'eng')
  useWideScreen()
})

const vertical = { layoutType: 'vertical' } as const

/** Renders the vertical shell for `groups` and waits until its side menu shows exactly `expected`. */
async function expectSideMenu(groups: string[], expected: string[]) {
  renderShell({ groups, settings: vertical })
  const nav = await screen.findByRole('navigation', { name: 'Main menu' })
  const labels = () =>
    within(nav)
      .getAllByRole('link')
      .concat(within(nav).queryAllByRole('button'))
      .map((el) => el.textContent)
  await waitFor(() => expect(labels()).toEqual(expected))
}

describe('side menu (vertical layout) shows only what the user may open', () => {
  it('a general learner sees the dashboard and the settings only', async () => {
    await expectSideMenu(['general'], ['Dashboard', 'Settings'])
  })

  it('creators and reviewers see the course creator', async () => {
    await expectSideMenu(['reviewer'], ['Dashboard', 'Course Creator', 'Settings'])
  })

  it('experimental users get Experimental › AI Avatar', async () => {
    await expectSideMenu(['experimental'], ['Dashboard', 'Settings', 'Experimental'])
    await userEvent.click(screen.getByRole('button', { name: 'Experimental' }))
    expect(screen.getByRole('link', { name: 'AI Avatar' })).toHaveAttribute('href', '/experimental/ai-avatars')
  })

  it('admins get experimental, management, website and finances', async () => {
    await expectSideMenu(['admin'], ['Dashboard', 'Course Creator', 'Settings', 'Experimental', 'Management', 'Website', 'Finances'])
    await userEvent.click(screen.getByRole('button', { name: 'Management' }))
    for (const [label, href] of [
      ['Users', '/admin/users'],
      ['Groups', '/admin/groups'],
      ['Organizations', '/admin/organizations'],
      ['Analytics', '/admin/monitoring'],
    ]) {
      expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href)
    }
  })

  it('finance staff see Finances only among the admin menus', async () => {
    await expectSideMenu(['finances'], ['Dashboard', 'Settings', 'Finances'])
  })
})

describe('top menu (horizontal layout)', () => {
  it('opens a submenu with the links of the group', async () => {
    renderShell({ groups: ['admin'], settings: { layoutType: 'horizontal' } })
    const nav = await screen.findByRole('navigation', { name: 'Main menu' })
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    await userEvent.click(await within(nav).findByRole('button', { name: 'Finances' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Sales' })).toHaveAttribute('href', '/admin/finances/sales')
    expect(within(menu).getByRole('menuitem', { name: 'Analytics' })).toHaveAttribute('href', '/admin/finances/analytics')
  })

  it('offers Settings (the profile pane) to everyone signed in', async () => {
    renderShell({ groups: [], settings: { layoutType: 'horizontal' } })
    const nav = await screen.findByRole('navigation', { name: 'Main menu' })
    await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/settings/profile')
  })

  it('hides what a learner may not open', async () => {
    renderShell({ groups: ['general'], settings: { layoutType: 'horizontal' } })
    const nav = await screen.findByRole('navigation', { name: 'Main menu' })
    expect(within(nav).queryByRole('button', { name: 'Management' })).not.toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Course Creator' })).not.toBeInTheDocument()
  })
})

describe('menu visibility is read from the screen table (contracts/policy.ts)', () => {
  const links = (entries: MenuEntry[]): string[] => entries.flatMap((e) => (e.children ? links(e.children) : [e.to ?? '']))
  const all = links(buildMenu('website'))

  it.each(GROUPS)('a %s user sees exactly the links whose screens the group may open', (group) => {
    const shown = links(visibleMenu(buildMenu('website'), [group]))
    expect(shown).toEqual(all.filter((to) => screenGroups(to)?.includes(group) ?? true))
  })

  it('a user in no group sees only the open screens', () => {
    expect(links(visibleMenu(buildMenu('website'), []))).toEqual(['/dashboard', '/settings/profile'])
  })
})
