import type { FastifyRequest } from 'fastify'
import { badgeRecipient, badges, keepBadgeRecipient, poolEmail, type CertificateRow } from '../../certificates/index.js'
import { StatusLists } from '../../certificates/status-list.js'
import type { App } from '../../types.js'

/** A certificate's credential as the routes hand it out: the credential, its VC-JWT, and whether it checked. */
export interface Badge {
  credential: ReturnType<typeof badges.buildCredential>
  jwt: string
  verified: boolean
}

/**
 * What the certificate routes share about the Open Badges credentials (decision 0027): the signing
 * key (read or generated with the first credential), the public address credentials are issued under,
 * a certificate's signed credential and the revocation status lists.
 */
export function credentials(app: App) {
  let key: badges.BadgeKey | null = null
  const signingKey = () => (key ??= badges.loadBadgeKey(app.config))
  const baseOf = (request: FastifyRequest) => app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`
  const statusLists = new StatusLists(signingKey)

  /** The recipient's e-mail: the embedded pool's, else Cognito's (the caller's own token when it is them). */
  async function emailOf(row: CertificateRow, own?: string): Promise<string | null> {
    const pooled = await poolEmail(app.db, row.user_sub)
    if (pooled) return pooled
    if (own) return own
    if (app.config.IDENTITY_MODE === 'embedded') return null
    return (await app.identityUsers.getUser(row.user_sub).catch(() => null))?.email || null
  }

  /**
   * The certificate's credential, built from its row and its recipient (fixed the first time it is asked
   * for) and signed; the same VC-JWT every time for one public address and key.
   */
  async function badgeFor(row: CertificateRow, base: string, ownEmail?: string): Promise<Badge> {
    const recipient =
      (await badgeRecipient(app.db, row.code)) ?? (await keepBadgeRecipient(app.db, row.code, badges.newRecipient(await emailOf(row, ownEmail), row.user_sub)))
    const credential = badges.buildCredential(row, { base, issuerName: app.config.BADGE_ISSUER_NAME, recipient })
    const jwt = badges.signCredential(credential, signingKey())
    // Checked as any credential brought to the verification is: the page says "verified" only then.
    const verified = badges.verifyJwt(badges.readJwt(jwt), signingKey(), badges.issuerId(base), new Date()).length === 0
    return { credential, jwt, verified }
  }

  return { signingKey, baseOf, badgeFor, statusLists }
}
