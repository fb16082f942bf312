import type { OrganizationsMessages } from '../mx/organizations'

/** The organisation managers' screen (`/admin/{host}`). */
export const organizations: OrganizationsMessages = {
  title: 'Organisation %{name}',
  intro: 'The people with an e-mail address at %{domain}: their subscriptions, progress and certificates.',
  loadError: 'The organisation could not be loaded.',
  retry: 'Try again',
  seats: {
    heading: 'Seats per course',
    empty: 'An administrator has not given your organisation any seats yet.',
    left: '%{left} of %{seats} seats free',
  },
  people: {
    heading: 'People',
    search: 'Search by name or e-mail',
    empty: 'Nobody with an e-mail address of this organisation has an account yet.',
    noMatch: 'Nobody matches the search.',
    name: 'Name',
    email: 'E-mail',
    next: 'Next page',
    previous: 'Previous page',
    total: 'People found: %{count}',
  },
  person: {
    heading: 'Courses of %{name}',
    close: 'Close',
    empty: 'No subscriptions yet.',
    course: 'Course',
    status: 'Subscription',
    progress: 'Progress',
    completed: 'Completed on',
    certificate: 'Certificate',
    none: '—',
  },
  status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
  add: {
    heading: 'Add subscription',
    course: 'Course',
    plan: 'Plan',
    submit: 'Add subscription',
    done: 'Subscription added: %{name} can now study %{course}.',
    option: '%{course} (%{left} free)',
    noSeats: 'No seats are left on any course.',
  },
  report: { download: 'Download CSV report', failed: 'The report could not be downloaded.' },
}
