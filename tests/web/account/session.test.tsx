import './eng'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { canAccessFor } from '../../../src/authProvider/canAccess'
import { httpClient } from '../../../src/dataProvider'
import { path, renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()
const words = Array.from({ length: 25 }, (_, i) => `word${i + 1}`).join(' ')

describe('dashboard', () => {
  it('says so when the learner has no course: "You haven\'t subscribed to any course yet"', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    net.server.use(http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })))
    renderAt('/')
    await waitFor(() => expect(path()).toBe('/dashboard'))
    expect(await screen.findByText("You haven't subscribed to any course yet")).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument()
  })

  it('shows a card per course: cover, name, 20 words + " ...", "Go to course"; more with the token', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    const course = (n: number) => ({
      uuid: `00000000-0000-4000-8000-00000000000${n}`,
      name: `Course ${n}`,
      details: { Cover: `covers/c${n}.png`, ShortDescription: words },
      subscribedAt: new Date().toISOString(),
    })
    net.server.use(
      http.get('*/api/v2/user/courses', ({ request }) => {
        const token = new URL(request.url).searchParams.get('paginationToken')
        return HttpResponse.json(
          token ? { items: [course(2)], paginationToken: null, estimated: 2 } : { items: [course(1)], paginationToken: 'next-1', estimated: 2 },
        )
      }),
    )
    renderAt('/dashboard')
    expect(await screen.findByText('Course 1')).toBeInTheDocument()
    expect(screen.getByText(`${words.split(' ').slice(0, 20).join(' ')} ...`)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to course' })).toHaveAttribute('href', '/galaxy/courses/player/00000000-0000-4000-8000-000000000001')
    expect(document.querySelector('img[src="/files/covers/c1.png"]')).not.toBeNull()
    screen.getByRole('button', { name: 'Show more' }).click()
    expect(await screen.findByText('Course 2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })
})

describe('access classes', () => {
  it('a visitor opening / or /dashboard lands on /login', async () => {
    renderAt('/dashboard')
    await waitFor(() => expect(path()).toBe('/login'))
  })

  it('a general user opening /admin/users sees permission denied; an unknown path is the 404 page', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    const { unmount } = renderAt('/admin/users')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    unmount()
    renderAt('/no/such/page')
    expect(await screen.findByText('Sorry, page not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  it('canAccess reads the policy tables', async () => {
    expect(await canAccessFor(['general'], { action: 'list', resource: '/admin/users' })).toBe(false)
    expect(await canAccessFor(['admin'], { action: 'list', resource: '/admin/users' })).toBe(true)
    expect(await canAccessFor(['finances'], { action: 'list', resource: '/admin/finances/sales' })).toBe(true)
    expect(await canAccessFor(['creator'], { action: 'list', resource: '/creator/courses' })).toBe(true)
    expect(await canAccessFor([], { action: 'list', resource: '/settings/profile' })).toBe(true)
    expect(await canAccessFor([], { action: 'list', resource: '/settings/profile' }, false)).toBe(false)
    expect(await canAccessFor([], { action: 'list', resource: 'GET /api/v2/user/courses' })).toBe(true)
    expect(await canAccessFor(['general'], { action: 'list', resource: 'GET /api/v2/metrics/server/version' })).toBe(false)
    expect(await canAccessFor(['admin'], { action: 'list', resource: '/api/v2/metrics/server/version' })).toBe(true)
  })
})

describe('logout', () => {
  it('/logout clears the stored session, revokes the token and reloads /login', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    localStorage.setItem('aula.layoutSettings', '{"layoutType":"vertical"}')
    renderAt('/logout')
    await waitFor(() => expect(net.assign).toHaveBeenCalledWith('/login'))
    for (const key of ['authUser', 'jwt', 'userAttributes', 'userPayload']) expect(localStorage.getItem(key)).toBeNull()
    expect(Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.'))).toEqual([])
    expect(localStorage.getItem('I18N_LANGUAGE')).toBe('eng')
    expect(localStorage.getItem('aula.layoutSettings')).not.toBeNull()
    expect(net.identity.op('RevokeToken')).toHaveLength(1)
  })

  it('/global-logout signs out everywhere', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    renderAt('/global-logout')
    await waitFor(() => expect(net.assign).toHaveBeenCalledWith('/login'))
    expect(net.identity.op('GlobalSignOut')).toHaveLength(1)
    expect(localStorage.getItem('jwt')).toBeNull()
  })
})

describe('HTTP layer', () => {
  it('sends the bearer token and JSON accept; on 401 refreshes, stores the new token and retries once', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    const old = localStorage.getItem('jwt')
    const seen: Array<string | null> = []
    net.server.use(
      http.get('*/api/thing', ({ request }) => {
        seen.push(request.headers.get('authorization'))
        expect(request.headers.get('accept')).toBe('application/json')
        return seen.length === 1 ? HttpResponse.json({ message: 'Not authorized' }, { status: 401 }) : HttpResponse.json({ ok: true })
      }),
    )
    await new Promise((r) => setTimeout(r, 1100)) // a new token has a later iat
    const res = await httpClient('/api/thing')
    expect(res.json).toEqual({ ok: true })
    expect(seen).toHaveLength(2)
    expect(seen[0]).toBe(`Bearer ${old}`)
    expect(seen[1]).toBe(`Bearer ${localStorage.getItem('jwt')}`)
    expect(localStorage.getItem('jwt')).not.toBe(old)
  })

  it('goes to /logout when the refresh is refused', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test' }))
    net.identity.refuseRefresh = true
    net.server.use(http.get('*/api/thing', () => HttpResponse.json({ message: 'Not authorized' }, { status: 401 })))
    await expect(httpClient('/api/thing')).rejects.toMatchObject({
      status: 401,
      message: 'Not authorized: Looks like your session has expired, logout and log in to access the resource',
    })
    expect(net.assign).toHaveBeenCalledWith('/logout')
  }, 20_000)

  it.each([
    [403, {}, "Permission denied: You don't have the required access to request the resource"],
    [404, {}, 'Resource not found'],
    [409, { message: 'Stale revision' }, 'Invalid operation: Stale revision'],
    [413, {}, 'Too much data'],
    [500, { message: 'boom' }, 'Error while requesting the resource'],
  ])('maps %i to requirements §8’s text', async (status, body, text) => {
    net.server.use(http.get('*/api/thing', () => HttpResponse.json(body, { status })))
    await expect(httpClient('/api/thing')).rejects.toMatchObject({ status, message: text })
  })

  it('reports a network failure with its own text', async () => {
    net.server.use(http.get('*/api/thing', () => HttpResponse.error()))
    await expect(httpClient('/api/thing')).rejects.toMatchObject({ message: 'Network error or server error' })
  })
})
