import type { TranslateFunction } from 'react-admin'
import { GROUP_DESCRIPTIONS, GROUPS, type Group } from '../../../contracts/groups'

/**
 * How the admin screens name what the user pool reports in its own words. An account status
 * (CONFIRMED, FORCE_CHANGE_PASSWORD, …) in the reader's language; one Aula has no text for stays as
 * the pool says it.
 */
export const userStatusLabel = (translate: TranslateFunction, status: string) => translate(`aula.admin.users.statuses.${status}`, { _: status })

const isRoleGroup = (name: string): name is Group => (GROUPS as readonly string[]).includes(name)

/**
 * A group's description: a role group's stock description (or none) in the reader's language; a
 * description someone wrote in the pool as written.
 */
export function groupDescription(translate: TranslateFunction, group: { name: string; description: string | null }): string | null {
  if (isRoleGroup(group.name) && (group.description === null || group.description === GROUP_DESCRIPTIONS[group.name]))
    return translate(`aula.admin.groups.descriptions.${group.name}`)
  return group.description
}
