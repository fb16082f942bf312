import { usePermissions } from 'react-admin'

/** The user's groups as the authProvider's getPermissions gives them (the ID token's cognito:groups). */
export function useGroups(): { groups: readonly string[]; isPending: boolean; refetch: () => Promise<unknown> } {
  const { permissions, isPending, refetch } = usePermissions<unknown>()
  const groups = Array.isArray(permissions) ? permissions.filter((g): g is string => typeof g === 'string') : []
  return { groups, isPending, refetch }
}

/** Whether someone in `userGroups` may open a place meant for `required` (no requirement: everyone signed in). */
export function inAnyGroup(userGroups: readonly string[], required?: readonly string[]): boolean {
  return !required || required.some((g) => userGroups.includes(g))
}
