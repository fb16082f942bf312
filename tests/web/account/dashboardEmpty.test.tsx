import './eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { path, renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()
const noCourses = () => net.server.use(http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })))

describe('dashboard empty state', () => {
  it('a learner with no course sees the message and a button to the course catalogue', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    noCourses()
    renderAt('/dashboard')
    const message = await screen.findByText("You haven't subscribed to any course yet")
    const main = message.closest('main') as HTMLElement
    const browse = within(main).getByRole('link', { name: 'Browse courses' })
    expect(browse).toHaveAttribute('href', '/courses')
    await userEvent.click(browse)
    expect(path()).toBe('/courses')
    // Not a dead end: until the catalogue exists, the page says it is coming and leads back.
    expect(await screen.findByRole('heading', { level: 1, name: 'Course catalogue' })).toBeInTheDocument()
    expect(screen.getByText(/The course catalogue is coming soon/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  it('the top-bar search opens the catalogue page with the words searched for', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    noCourses()
    renderAt('/dashboard')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search courses' }), 'algebra{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: 'Course catalogue' })).toBeInTheDocument()
    expect(path()).toBe('/courses')
    expect(window.location.search).toBe('?search=algebra')
    expect(screen.getByText('You searched for “algebra”. Once the catalogue is ready, this search will show the matching courses.')).toBeInTheDocument()
  })

  it('someone outside the general group searching gets the permission-denied screen, not a blank page', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    renderAt('/courses?search=x')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
  })

  it('offers no catalogue button to someone the screen table keeps out of /courses', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    noCourses()
    renderAt('/dashboard')
    expect(await screen.findByText("You haven't subscribed to any course yet")).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Browse courses' })).not.toBeInTheDocument()
  })
})
