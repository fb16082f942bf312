import type { IssuedCertificate } from '../../contracts/learner/player.js'
import { formatCode } from './code.js'
import type { CertificateRow } from './queries.js'

/** An issued certificate as the learner sees it: the printed code, where to download the PDF, and whether it was revoked. */
export function certificateView(row: CertificateRow): IssuedCertificate {
  return {
    code: formatCode(row.code),
    issuedAt: new Date(row.issued_at).toISOString(),
    url: `/api/v2/courses/certificates/${row.course_uuid}`,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  }
}
