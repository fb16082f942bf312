import type { IdentityAdmin } from '../identity/admin-client.js'
import type { PoolUser } from '../identity/admin-model.js'

/** How many pool look-ups run at once while a page of answers is named. */
const LOOKUPS_AT_ONCE = 5

/**
 * How the API names a person to other people: given and family name, else the pool's `name`, else the
 * e-mail address; null for an account the pool no longer has (the caller falls back to what it kept).
 */
export function personName(user: PoolUser | null): string | null {
  if (!user) return null
  const full = [user.attributes.given_name, user.attributes.family_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ')
  return full || user.name.trim() || user.email || null
}

/**
 * The pool's accounts `ids` (subs or usernames), each distinct id looked up once, a few at a time. A
 * lookup the pool cannot answer gives null rather than failing the answer the account appears in.
 */
export async function usersOf(pool: IdentityAdmin, ids: Array<string | null>): Promise<Map<string, PoolUser | null>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  const users = new Map<string, PoolUser | null>()
  for (let i = 0; i < wanted.length; i += LOOKUPS_AT_ONCE) {
    await Promise.all(wanted.slice(i, i + LOOKUPS_AT_ONCE).map(async (id) => users.set(id, await pool.getUser(id).catch(() => null))))
  }
  return users
}

/** The names (`personName`) of the accounts `ids`. */
export async function namesOf(pool: IdentityAdmin, ids: Array<string | null>): Promise<Map<string, string | null>> {
  return new Map([...(await usersOf(pool, ids))].map(([id, user]) => [id, personName(user)]))
}
