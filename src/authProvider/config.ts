import type { PasswordPolicy, PublicConfig } from '../../contracts/config'

/** Used until `GET /api/config` answers, and when it cannot: the product's default rule (docs/decisions/0010-password-policy.md). */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minimumLength: 12,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
}

let pending: Promise<PublicConfig> | undefined

/** `GET /api/config`, fetched once per page load (a failed fetch is retried on the next call). */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = fetch('/api/config', { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`)
        return (await res.json()) as PublicConfig
      })
      .catch((err: unknown) => {
        pending = undefined
        throw err
      })
  }
  return pending
}

/** Forgets the fetched configuration (tests; a sign-out keeps it). */
export function resetPublicConfig() {
  pending = undefined
}
