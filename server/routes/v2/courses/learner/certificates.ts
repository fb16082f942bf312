import type { IssuedCertificate } from '../../../../../contracts/learner/player.js'
import { certificateOf, issueIfComplete } from '../../../../certificates/index.js'
import type { Queryable } from '../../../../db/index.js'

/**
 * The seam between progress and certificates (`server/certificates`): the player calls
 * `afterCompletion` in the transaction that records a course completion, so the certificate is issued
 * at once, and reads the issued certificate through `issued`.
 */

export async function afterCompletion(tx: Queryable, userSub: string, courseUuid: string): Promise<void> {
  await issueIfComplete(tx, userSub, courseUuid)
}

export async function issued(db: Queryable, userSub: string, courseUuid: string): Promise<IssuedCertificate | null> {
  const row = await certificateOf(db, userSub, courseUuid)
  return row ? { code: row.code, issuedAt: new Date(row.issued_at).toISOString(), url: `/api/v2/courses/certificates/${courseUuid}` } : null
}
