import type { PersonCourse } from '../../../contracts/organizations/managers.js'
import type { Queryable } from '../../db/index.js'
import type { IdentityAdmin } from '../../identity/admin-client.js'
import { iso, isoOrNull } from '../../http/dates.js'
import { decodeToken, encodeToken } from '../../http/paging.js'
import { identity } from '../../http/identity-errors.js'
import { progressOfCourses } from '../../courses/progress/queries.js'
import { percentOf } from '../../courses/progress/rules.js'
import { subscriptionsOfUser, toAdminSubscription } from '../admin-subscriptions/queries.js'
import { countPeopleOfDomain, emailOfDomain, organizationSubscriptionIds, outcomesOf, peopleOfDomain, type OrganizationRow } from './queries.js'

export interface Person {
  username: string
  email: string
  name: string
}

const isKey = (v: unknown[]): v is [string, string] => v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && v[0].length < 300
/** Pages of a Cognito pool read per request at most while looking for a domain's people. */
const COGNITO_PAGES = 10

/**
 * One page of the organisation's people: the pool's users whose e-mail domain is the organisation's.
 * The embedded pool's attributes are read in this database, keyset-paged; a Cognito pool cannot filter
 * on a suffix, so its users are read a few pages at a time and filtered here (a page may then be short
 * while a token follows, as the admin user list does).
 */
export async function peoplePage(
  db: Queryable,
  pool: IdentityAdmin,
  domain: string,
  q: { search: string; sizePerPage: number; paginationToken: string },
): Promise<{ items: Person[]; paginationToken: string | null; estimated: number }> {
  const search = q.search.trim()
  if (pool.embedded) {
    const after = q.paginationToken ? decodeToken(q.paginationToken, isKey) : null
    const [rows, estimated] = await Promise.all([peopleOfDomain(db, domain, search, q.sizePerPage, after), countPeopleOfDomain(db, domain, search)])
    const page = rows.slice(0, q.sizePerPage)
    const last = page[page.length - 1]
    return {
      items: page.map(({ username, email, name }) => ({ username, email, name })),
      paginationToken: rows.length > q.sizePerPage && last ? encodeToken([last.key, last.username]) : null,
      estimated,
    }
  }
  const wanted = search.toLowerCase()
  const items: Person[] = []
  let token: string | undefined = q.paginationToken || undefined
  for (let i = 0; i < COGNITO_PAGES && items.length < q.sizePerPage; i++) {
    const page = await identity(() => pool.listUsers({ limit: 60, token }), 'paginationToken')
    for (const u of page.users)
      if (emailOfDomain(u.email, domain) && (!wanted || u.email.toLowerCase().includes(wanted) || u.name.toLowerCase().includes(wanted)))
        items.push({ username: u.username, email: u.email, name: u.name })
    token = page.token ?? undefined
    if (!token) break
  }
  return { items, paginationToken: token ?? null, estimated: items.length }
}

/** One of the organisation's people by username or e-mail; null for anyone else (the route answers 404 either way). */
export async function personOf(pool: IdentityAdmin, org: OrganizationRow, id: string): Promise<Person | null> {
  const user = await pool.getUser(id).catch(() => null)
  if (!user || !emailOfDomain(user.email, org.domain)) return null
  return { username: user.username, email: user.email, name: user.name }
}

/** A person's subscriptions with their progress, completion and certificate in each course. */
export async function coursesOf(db: Queryable, org: OrganizationRow, sub: string, now = new Date()): Promise<PersonCourse[]> {
  const rows = await subscriptionsOfUser(db, sub)
  const courses = [...new Set(rows.map((r) => r.course_uuid))]
  const [progress, outcomes, mine] = await Promise.all([
    progressOfCourses(db, sub, courses),
    outcomesOf(db, [sub]),
    organizationSubscriptionIds(
      db,
      org.id,
      rows.map((r) => r.id),
    ),
  ])
  return rows.map((r) => {
    const p = progress.get(r.course_uuid)
    const done = outcomes.completions.get(`${sub} ${r.course_uuid}`)
    const cert = outcomes.certificates.get(`${sub} ${r.course_uuid}`)
    return {
      ...toAdminSubscription(r, now),
      percent: done ? 100 : p ? percentOf(p.done, p.total) : 0,
      completedAt: done ? iso(done) : null,
      certificate: cert ? { code: cert.code, issuedAt: iso(cert.issued_at), revokedAt: isoOrNull(cert.revoked_at) } : null,
      byOrganization: mine.has(r.id),
    }
  })
}
