import { accessFor, allows, screenGroups } from '../../contracts/policy'

const ACTION_METHOD: Record<string, string> = { list: 'GET', show: 'GET', read: 'GET', create: 'POST', edit: 'PUT', delete: 'DELETE' }

/**
 * react-admin's `canAccess`, as a pure function of the user's groups and the policy tables of
 * `contracts/policy.ts` (the server enforces the same tables):
 * - `resource` a screen path (`/admin/users`): the screen table decides;
 * - `resource` an API route (`GET /api/v2/user/courses`, or `/api/...` with an action): the route table;
 * - any other resource name: the screen of that name (`users` → `/users`, then `/admin/users`).
 */
export function canAccessFor(groups: readonly string[], { action, resource }: { action: string; resource: string }, signedIn = true): boolean {
  const api = /^([A-Z]+) (\/api\/.*)$/.exec(resource)
  if (api) {
    const access = accessFor(api[1], api[2])
    return access ? allows(access, signedIn, groups) : false
  }
  if (resource.startsWith('/api/')) {
    const access = accessFor(ACTION_METHOD[action] ?? 'GET', resource)
    return access ? allows(access, signedIn, groups) : false
  }
  if (!signedIn) return false
  const paths = resource.startsWith('/') ? [resource] : [`/${resource}`, `/admin/${resource}`]
  for (const path of paths) {
    const required = screenGroups(path)
    if (required) return required.some((g) => groups.includes(g))
  }
  return true
}
