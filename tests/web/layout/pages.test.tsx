import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AdminContext, memoryStore } from 'react-admin'
import { Route } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthLayout } from '../../../src/account/public/AuthLayout'
import { createI18nProvider, LANGUAGE_KEY } from '../../../src/i18n'
import { GroupGate } from '../../../src/layout/access/GroupGate'
import { COOKIE_CONSENT, COOKIE_ROOM } from '../../../src/layout/CookieConsent'
import { Footer } from '../../../src/layout/Footer'
import { renderShell, useWideScreen } from './renderShell'

beforeEach(() => {
  localStorage.setItem(LANGUAGE_KEY, 'eng')
  useWideScreen()
  document.cookie = `${COOKIE_CONSENT}=; max-age=0; path=/`
})

describe('404 page', () => {
  it("says 'Sorry, page not found' and leads back to the dashboard", async () => {
    renderShell({ path: '/no/such/place' })
    expect(await screen.findByRole('heading', { name: 'Sorry, page not found' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument()
  })

  it('shows a visitor the 404 page in the bare layout: no menu, account menu, search or layout settings', async () => {
    renderShell({ path: '/no/such/place', visitor: true })
    expect(await screen.findByRole('heading', { name: 'Sorry, page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByText('Aula')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Layout settings' })).not.toBeInTheDocument()
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument()
  })

  it('keeps a signed-in user inside the shell', async () => {
    renderShell({ path: '/no/such/place' })
    expect(await screen.findByRole('heading', { name: 'Sorry, page not found' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
  })

  it('is in Spanish by default', async () => {
    localStorage.removeItem(LANGUAGE_KEY)
    renderShell({ path: '/no/such/place' })
    expect(await screen.findByRole('heading', { name: 'Lo sentimos, página no encontrada' })).toBeInTheDocument()
  })
})

describe('GroupGate', () => {
  const routes = (
    <Route
      path="/admin/users"
      element={
        <GroupGate groups={['admin']}>
          <h1>Users</h1>
        </GroupGate>
      }
    />
  )

  it('shows the permission-denied screen to a user outside the groups', async () => {
    renderShell({ path: '/admin/users', groups: ['general'], routes })
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  it('shows the screen to a member', async () => {
    renderShell({ path: '/admin/users', groups: ['admin'], routes })
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument()
  })

  it('asks once for fresh groups before refusing: a group given since sign-in opens the screen', async () => {
    const refreshGroups = vi.fn(async () => ['general', 'admin'])
    renderShell({ path: '/admin/users', groups: ['general'], routes, refreshGroups })
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Permission denied' })).not.toBeInTheDocument()
    expect(refreshGroups).toHaveBeenCalledTimes(1)
  })

  it('refuses after the fresh groups still lack the screen, asking only once', async () => {
    const refreshGroups = vi.fn(async () => ['general'])
    renderShell({ path: '/admin/users', groups: ['general'], routes, refreshGroups })
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    expect(refreshGroups).toHaveBeenCalledTimes(1)
  })

  it('refuses when fresh groups cannot be had (the identity service is unreachable)', async () => {
    const refreshGroups = vi.fn(async (): Promise<string[]> => {
      throw new Error('Network error')
    })
    renderShell({ path: '/admin/users', groups: ['general'], routes, refreshGroups })
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
  })
})

describe('footer', () => {
  const renderFooter = (build?: number) =>
    render(
      <AdminContext i18nProvider={createI18nProvider()} store={memoryStore()}>
        <Footer build={build} />
      </AdminContext>,
    )

  it('shows the year, the build number 123 padded to 4 digits and the developed-by line', () => {
    renderFooter()
    const footer = screen.getByRole('contentinfo')
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Aula · Build 0123`)
    expect(footer).toHaveTextContent('Developed by Aula')
  })

  it('pads the build number it is given', () => {
    renderFooter(7)
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Build 0007')
  })
})

describe('cookie banner', () => {
  it('shows until Accept, which sets the cookie_consent cookie', async () => {
    const first = renderShell()
    const banner = await screen.findByRole('region', { name: 'Cookie notice' })
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(banner).not.toBeInTheDocument()
    expect(document.cookie).toContain('cookie_consent=true')
    first.unmount()

    renderShell()
    await screen.findByRole('heading', { name: 'Dashboard page' })
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument()
  })

  it('makes room for itself under the footer while it shows, so the footer stays readable', async () => {
    renderShell()
    await screen.findByRole('region', { name: 'Cookie notice' })
    // jsdom lays nothing out: the banner measures 0 px, plus its 24 px gap.
    expect(document.documentElement.style.getPropertyValue(COOKIE_ROOM)).toBe('24px')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(document.documentElement.style.getPropertyValue(COOKIE_ROOM)).toBe('')
  })

  it('shows on the public screens too (bare layout)', async () => {
    render(
      <AdminContext i18nProvider={createI18nProvider()} store={memoryStore()}>
        <AuthLayout title="Log in">
          <p>form</p>
        </AuthLayout>
      </AdminContext>,
    )
    expect(await screen.findByRole('region', { name: 'Cookie notice' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(document.cookie).toContain('cookie_consent=true')
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument()
  })
})
