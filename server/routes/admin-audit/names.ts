import type { AuditEntry } from '../../../contracts/admin/audit.js'
import { usersOf } from '../../http/people.js'
import type { App } from '../../types.js'
import { namedInDatabase, subscriptionTargets, targetNames, type StoredAuditEntry } from './queries.js'

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
  // The log stays readable when the pool cannot answer: the entry then shows its id.
  const users = await usersOf(app.identityUsers, [...people])
  const email = (id: string) => users.get(id)?.email || null
  for (const id of idsByType.get('user') ?? []) {
    const address = email(id)
    if (address) names.set(key('user', id), address)
  }
  for (const [id, s] of subscriptions) names.set(key('subscription', id), `${email(s.userSub) ?? s.userSub} · ${s.course}`)

  for (const [type, ids] of idsByType) {
    if (!namedInDatabase(type)) continue
    for (const [id, name] of await targetNames(app.db, type, [...ids])) names.set(key(type, id), name)
  }
  return entries.map((e) => ({ ...e, targetName: names.get(key(e.targetType, e.targetId)) ?? null }))
}
