import type { AuditEntry } from '../../../contracts/admin/audit.js'
import type { App } from '../../types.js'
import { namedInDatabase, subscriptionTargets, targetNames, type StoredAuditEntry } from './queries.js'

/** How many pool look-ups run at once while a page of the log is named. */
const LOOKUPS_AT_ONCE = 5

/**
 * The entries with the names people know their objects by (`targetName`), read now rather than stored,
 * so a renamed course shows its current name: users by e-mail (from the user pool), subscriptions as
 * "learner's e-mail · course", everything else from its table. An object that is gone is named null
 * and the screen shows its id.
 */
export async function withTargetNames(app: App, entries: StoredAuditEntry[]): Promise<AuditEntry[]> {
  const idsByType = new Map<string, Set<string>>()
  for (const e of entries) idsByType.set(e.targetType, (idsByType.get(e.targetType) ?? new Set()).add(e.targetId))
  const names = new Map<string, string>()
  const key = (type: string, id: string) => `${type}\u0000${id}`

  const subscriptions = await subscriptionTargets(app.db, [...(idsByType.get('subscription') ?? [])])
  const people = new Set([...(idsByType.get('user') ?? []), ...[...subscriptions.values()].map((s) => s.userSub)])
  const emails = await emailsOf(app, [...people])
  for (const id of idsByType.get('user') ?? []) {
    const email = emails.get(id)
    if (email) names.set(key('user', id), email)
  }
  for (const [id, s] of subscriptions) names.set(key('subscription', id), `${emails.get(s.userSub) ?? s.userSub} · ${s.course}`)

  for (const [type, ids] of idsByType) {
    if (!namedInDatabase(type)) continue
    for (const [id, name] of await targetNames(app.db, type, [...ids])) names.set(key(type, id), name)
  }
  return entries.map((e) => ({ ...e, targetName: names.get(key(e.targetType, e.targetId)) ?? null }))
}

/** E-mail addresses by username (or sub), a few look-ups at a time; a user the pool cannot find is left out. */
async function emailsOf(app: App, ids: string[]): Promise<Map<string, string>> {
  const emails = new Map<string, string>()
  for (let i = 0; i < ids.length; i += LOOKUPS_AT_ONCE) {
    await Promise.all(
      ids.slice(i, i + LOOKUPS_AT_ONCE).map(async (id) => {
        // The log stays readable when the pool cannot answer: the entry then shows its id.
        const user = await app.identityUsers.getUser(id).catch(() => null)
        if (user?.email) emails.set(id, user.email)
      }),
    )
  }
  return emails
}
