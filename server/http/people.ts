import type { IdentityAdmin } from '../identity/admin-client.js'
import type { PoolUser } from '../identity/admin-model.js'

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
 * The names of the accounts `ids` (subs or usernames), looked up in the identity pool once per
 * distinct id and in parallel. A lookup the pool cannot answer leaves that account unnamed rather
 * than failing the answer it appears in.
 */
export async function namesOf(pool: IdentityAdmin, ids: Array<string | null>): Promise<Map<string, string | null>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  const found = await Promise.all(wanted.map((id) => pool.getUser(id).catch(() => null)))
  return new Map(wanted.map((id, i) => [id, personName(found[i])]))
}
