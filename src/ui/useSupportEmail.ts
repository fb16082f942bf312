import { useEffect, useState } from 'react'
import { loadPublicConfig } from '../authProvider/config'

/**
 * The support address from `GET /api/config` (`SUPPORT_EMAIL`): undefined while it loads, null when
 * none is configured or it cannot load.
 */
export function useSupportEmail(): string | null | undefined {
  const [email, setEmail] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    loadPublicConfig().then(
      (config) => live && setEmail(config.supportEmail ?? null),
      () => live && setEmail(null),
    )
    return () => {
      live = false
    }
  }, [])
  return email
}
