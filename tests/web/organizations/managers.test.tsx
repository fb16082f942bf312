import '../account/eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { OrganizationPerson, PersonCourse, SeatCourse } from '../../../contracts/organizations/managers'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()
const API = '*/api/v2/organizations/acme.example'
const COURSE = '11111111-1111-4111-8111-111111111111'
const PLAN = '22222222-2222-4222-8222-222222222222'

const person = (n: number): OrganizationPerson => ({ username: `u-${n}`, email: `p${n}@acme.example`, name: `Person ${n}` })

function api(state: { seats: SeatCourse[]; courses: PersonCourse[] }) {
  const added: unknown[] = []
  net.server.use(
    http.get(API, () => HttpResponse.json({ Item: { id: '33333333-3333-4333-8333-333333333333', name: 'Acme', domain: 'acme.example', logoUrl: null } })),
    http.get(`${API}/seats`, () => HttpResponse.json({ items: state.seats })),
    http.get(`${API}/people`, ({ request }) => {
      const q = new URL(request.url).searchParams
      if (q.get('search') === 'nobody') return HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })
      const second = q.get('paginationToken') === 'next'
      return HttpResponse.json({ items: second ? [person(3)] : [person(1), person(2)], paginationToken: second ? null : 'next', estimated: 3 })
    }),
    http.get(`${API}/people/:username`, ({ params }) =>
      HttpResponse.json({ Item: { person: person(Number(String(params.username).slice(2))), courses: state.courses } }),
    ),
    http.post(`${API}/subscriptions`, async ({ request }) => {
      const body = await request.json()
      added.push(body)
      const seat = state.seats[0]
      if (seat.left === 0) return HttpResponse.json({ message: 'No seats left on this course', code: 'NO_SEATS_LEFT' }, { status: 409 })
      state.seats = [{ ...seat, used: seat.used + 1, left: seat.left - 1 }]
      return HttpResponse.json({ Item: {} }, { status: 201 })
    }),
  )
  return added
}

const seat = (left: number): SeatCourse => ({
  courseId: COURSE,
  courseName: 'Safety basics',
  seats: 2,
  used: 2 - left,
  left,
  revision: 1,
  plans: [{ id: PLAN, name: 'Month', durationDays: 30 }],
})

describe('organisation managers screen', { timeout: 60_000 }, () => {
  it('refuses someone outside the organisation’s group', async () => {
    await signedInAs(net.identity.add({ email: 'x@other.example', groups: ['other.example'] }))
    api({ seats: [], courses: [] })
    renderAt('/admin/acme.example')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
  })

  it('shows the menu entry, seats, people with pages and search, and adds a subscription within the seats', async () => {
    await signedInAs(net.identity.add({ email: 'm@acme.example', groups: ['acme.example'] }))
    const state = { seats: [seat(1)], courses: [] as PersonCourse[] }
    const added = api(state)
    renderAt('/admin/acme.example')
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisation Acme' })).toBeInTheDocument()
    expect((await screen.findAllByRole('link', { name: /Organisation acme\.example/ })).length).toBeGreaterThan(0)
    expect(await screen.findByText('1 of 2 seats free')).toBeInTheDocument()
    const user = userEvent.setup()
    expect(await screen.findByRole('button', { name: /Person 1/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(await screen.findByRole('button', { name: /Person 3/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'nobody')
    expect(await screen.findByText('Nobody matches the search.')).toBeInTheDocument()
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }))

    await user.click(await screen.findByRole('button', { name: /Person 2/ }))
    const panel = await screen.findByRole('region', { name: 'Courses of Person 2' })
    expect(await within(panel).findByText('No subscriptions yet.')).toBeInTheDocument()
    await user.click(within(panel).getByRole('combobox', { name: 'Course' }))
    await user.click(await screen.findByRole('option', { name: 'Safety basics (1 free)' }))
    await user.click(within(panel).getByRole('button', { name: 'Add subscription' }))
    expect(await within(panel).findByText('Subscription added: Person 2 can now study Safety basics.')).toBeInTheDocument()
    expect(added).toEqual([{ username: 'u-2', course: COURSE, plan: PLAN }])
    await waitFor(() => expect(screen.getByText('0 of 2 seats free')).toBeInTheDocument())
    expect(await within(panel).findByText('No seats are left on any course.')).toBeInTheDocument()
  })

  it('shows an error with a retry when the organisation cannot be loaded', async () => {
    await signedInAs(net.identity.add({ email: 'm2@acme.example', groups: ['acme.example'] }))
    net.server.use(
      http.get(API, () => HttpResponse.json({ message: 'Organization not found', code: 'NOT_FOUND' }, { status: 404 })),
      http.get(`${API}/seats`, () => HttpResponse.json({ message: 'Organization not found', code: 'NOT_FOUND' }, { status: 404 })),
    )
    renderAt('/admin/acme.example')
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
