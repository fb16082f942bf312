import type { IssuedCertificate } from '../../../../../contracts/learner/player.js'
import type { Queryable } from '../../../../db/index.js'

/**
 * The seam between progress and certificates. Certificates are issued by `server/certificates`
 * (`issueIfComplete`, which checks every required block and form itself); the player calls
 * `certificateHook.afterCompletion` in the transaction that records a course completion, and reads the
 * issued certificate through `certificateHook.issued`. Until the certificates module is wired in here,
 * no certificate is issued and the answers say `certificate: null`.
 */
export interface CertificateHook {
  afterCompletion(tx: Queryable, userSub: string, courseUuid: string): Promise<void>
  issued(db: Queryable, userSub: string, courseUuid: string): Promise<IssuedCertificate | null>
}

export const certificateHook: CertificateHook = {
  afterCompletion: async () => {},
  issued: async () => null,
}
