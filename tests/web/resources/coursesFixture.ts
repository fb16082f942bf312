/** The course management screens' tests' shared fixture: a course list and one course as the admin API answers them. */
import { within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { AdminSubscription } from '../../../contracts/admin/subscriptions'
import type { AdminCourse, AdminCourseSummary, Subscriptor, SubscriptorsBody } from '../../../contracts/courses/admin'
import { subscriptionState } from '../../../contracts/subscriptions'
import { signedInAs, useFakeNetwork } from '../account/harness'

/** The fake network of the calling test file (see `useCoursesNetwork`). */
export let net: ReturnType<typeof useFakeNetwork>

/** The fake identity service and API for the calling file's tests; the serve helpers below answer through it. */
export function useCoursesNetwork() {
  net = useFakeNetwork()
  return net
}

const DAY = 86_400_000
export const COURSE = '11111111-1111-4111-8111-111111111111'

export function summary(n: number, o: Partial<AdminCourseSummary> = {}): AdminCourseSummary {
  return {
    uuid: `${String(n).padStart(8, '0')}-2222-4222-8222-222222222222`,
    name: `Course ${n}`,
    owner: { username: `owner-${n}`, email: `owner${n}@example.test`, name: `Owner ${n}` },
    status: 'Draft',
    organization: null,
    publishedVersion: null,
    activeLearners: n,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...o,
  }
}

export const detail: AdminCourse = {
  uuid: COURSE,
  name: 'Algebra for everyone',
  revision: 7,
  briefDescription: 'Numbers and letters',
  description: 'A long description',
  requirements: 'Arithmetic',
  certificateDetails: 'Signed by the centre',
  durationHours: 12.5,
  keywords: ['algebra', 'equations'],
  tags: ['maths'],
  salesEnabled: true,
  status: { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Published' },
  difficulty: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Easy' },
  category: null,
  organization: { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', name: 'Aula University' },
  owner: { username: 'owner-1', email: 'olga@example.test', name: 'Olga Owner' },
  collaborators: [{ username: 'helper', email: 'hugo@example.test', name: 'Hugo Helper', addedAt: '2026-01-05T09:00:00.000Z' }],
  plans: [
    { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', name: 'Monthly', durationDays: 30, price: 199, currency: 'MXN', archived: false },
    { id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', name: 'Old plan', durationDays: 7, price: null, currency: null, archived: true },
  ],
  publishedVersion: 3,
  publishedAt: '2026-02-10T12:00:00.000Z',
  subscriptions: { learners: 2, total: 3, active: 1, expired: 1, revoked: 1 },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-02-11T10:00:00.000Z',
}

export function sub(id: string, user: string, createdDaysAgo: number, durationDays: number, revoked = false): AdminSubscription {
  const createdAt = new Date(Date.now() - createdDaysAgo * DAY).toISOString()
  const revokedAt = revoked ? new Date(Date.now() - DAY).toISOString() : null
  return {
    id,
    courseId: COURSE,
    courseName: detail.name,
    username: user,
    learnerEmail: `${user}@example.test`,
    learnerName: null,
    planName: 'Monthly',
    durationDays,
    createdAt,
    updatedAt: revokedAt ?? createdAt,
    revokedAt,
    blocksSelfSubscription: revoked,
    blockLiftedAt: null,
    ...subscriptionState(createdAt, durationDays, revokedAt),
  }
}

export const lena: Subscriptor = {
  username: 'lena',
  email: 'lena@example.test',
  name: 'Lena Learner',
  subscriptions: 2,
  current: sub('0000000a-aaaa-4aaa-8aaa-00000000000a', 'lena', 2, 30),
}
export const gone: Subscriptor = {
  username: 'gone-user',
  email: null,
  name: null,
  subscriptions: 1,
  current: sub('0000000b-aaaa-4aaa-8aaa-00000000000b', 'gone-user', 60, 30),
}

export async function asAdmin() {
  await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
}

export const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

/** The course list answers: `total` courses, ten to a page; records the URLs asked for. */
export function serveList(total: number, urls: string[]) {
  net.server.use(
    http.get('*/api/v2/admin/courses/all/*', ({ request }) => {
      urls.push(new URL(request.url).pathname)
      const page = Number(new URL(request.url).pathname.split('/')[6])
      const search = decodeURIComponent(new URL(request.url).pathname.split('/')[7] ?? '')
      const all = Array.from({ length: total }, (_, i) => summary(i + 1, i === 0 ? { publishedVersion: 2, organization: 'Aula University' } : {})).filter((c) =>
        c.name.includes(search),
      )
      return HttpResponse.json({ items: all.slice((page - 1) * 10, page * 10) })
    }),
    http.get('*/api/v2/admin/courses/count/*', ({ request }) => {
      const search = decodeURIComponent(new URL(request.url).pathname.split('/')[7] ?? '')
      const count = Array.from({ length: total }, (_, i) => `Course ${i + 1}`).filter((n) => n.includes(search)).length
      return HttpResponse.json({ count, pageSize: 10, pages: Math.ceil(count / 10) })
    }),
  )
}

/** The detail screen's calls; records the subscriptor list bodies. */
export function serveDetail(o: { subscriptors?: Subscriptor[]; bodies?: SubscriptorsBody[] } = {}) {
  const items = o.subscriptors ?? [lena, gone]
  net.server.use(
    http.get(`*/api/v2/admin/courses/course/${COURSE}`, () => HttpResponse.json({ Item: detail })),
    http.post('*/api/admin/courses/course/subscriptors', async ({ request }) => {
      const body = (await request.json()) as SubscriptorsBody
      o.bodies?.push(body)
      const found = items.filter((s) => !body.search || (s.email ?? s.username).startsWith(body.search))
      return HttpResponse.json({ items: found, page: body.page, pageSize: 10, count: found.length, pages: Math.ceil(found.length / 10) })
    }),
    http.get(`*/api/admin/courses/course/subscriptors/estimated/${COURSE}`, () => HttpResponse.json({ estimated: items.length })),
  )
}
