import type { CoursePerson } from '../../../contracts/courses/admin.js'
import type { IdentityAdmin } from '../../identity/admin-client.js'
import { identity } from '../../http/identity-errors.js'

/**
 * The accounts the course screens name (owners, collaborators, learners), looked up in the identity
 * pool once per distinct username and in parallel. An account that no longer exists keeps its
 * username with a null e-mail and name.
 */
export async function peopleOf(pool: IdentityAdmin, usernames: Array<string | null>): Promise<Map<string, CoursePerson>> {
  const wanted = [...new Set(usernames.filter((u): u is string => !!u))]
  const found = await Promise.all(wanted.map((u) => identity(() => pool.getUser(u))))
  return new Map(wanted.map((u, i) => [u, { username: u, email: found[i]?.email || null, name: found[i]?.name || null }]))
}

export const personOf = (people: Map<string, CoursePerson>, username: string): CoursePerson => people.get(username) ?? { username, email: null, name: null }
