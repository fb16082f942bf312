import './eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { path, renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()
const noCourses = () => net.server.use(http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })))
/** The catalogue the dashboard leads to: nothing published, or nothing matching. */
const emptyCatalogue = () =>
  net.server.use(
    http.get('*/api/v2/courses/catalogue/filters', () => HttpResponse.json({ categories: [], difficulties: [], organizations: [], tags: [] })),
    http.get('*/api/v2/courses/all/:page', () => HttpResponse.json({ items: [], total: 0 })),
    http.get('*/api/v2/courses/all/:page/:search', () => HttpResponse.json({ items: [], total: 0 })),
  )

describe('dashboard empty state', () => {
  it('a learner with no course sees the message and a button to the course catalogue', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    noCourses()
    emptyCatalogue()
    renderAt('/dashboard')
    const message = await screen.findByText("You haven't subscribed to any course yet")
    const main = message.closest('main') as HTMLElement
    const browse = within(main).getByRole('link', { name: 'Browse courses' })
    expect(browse).toHaveAttribute('href', '/courses')
    await userEvent.click(browse)
    expect(path()).toBe('/courses')
    // The catalogue, with its own way back home (it has no chrome layout).
    expect(await screen.findByRole('heading', { level: 1, name: 'Course catalogue' })).toBeInTheDocument()
    expect(await screen.findByText('No course has been published yet')).toBeInTheDocument()
  })

  it('the top-bar search opens the catalogue page with the words searched for', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    noCourses()
    emptyCatalogue()
    renderAt('/dashboard')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search courses' }), 'algebra{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: 'Course catalogue' })).toBeInTheDocument()
    expect(path()).toBe('/courses')
    expect(window.location.search).toBe('?search=algebra')
    expect(await screen.findByRole('searchbox', { name: 'Search courses' })).toHaveValue('algebra')
    expect(await screen.findByText('No course matches your search')).toBeInTheDocument()
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
