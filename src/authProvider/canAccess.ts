import { screenGroups } from '../../contracts/screens'

const ACTION_METHOD: Record<string, string> = { list: 'GET', show: 'GET', read: 'GET', create: 'POST', edit: 'PUT', delete: 'DELETE' }
const API = /^(?:([A-Z]+) )?(\/api\/.*)$/

/**
 * react-admin's `canAccess`, as a function of the user's groups and the policy tables of
 * `contracts/policy.ts` (the server enforces the same tables):
 * - `resource` a screen path (`/admin/users`): the screen table decides;
 * - `resource` an API route (`GET /api/v2/user/courses`, or `/api/...` with an action): the route table,
 *   downloaded at the first such question (it is large, and no public page asks);
 * - any other resource name: the screen of that name (`users` → `/users`, then `/admin/users`).
 */
export async function canAccessFor(groups: readonly string[], { action, resource }: { action: string; resource: string }, signedIn = true): Promise<boolean> {
  const api = API.exec(resource)
  if (api) {
    const { accessFor, allows } = await import('../../contracts/policy')
    const access = accessFor(api[1] ?? ACTION_METHOD[action] ?? 'GET', api[2])
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
