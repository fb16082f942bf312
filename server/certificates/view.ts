import type { IssuedCertificate } from '../../contracts/learner/player.js'
import { formatCode } from './code.js'
import type { CertificateRow } from './queries.js'

/** An issued certificate as the learner sees it: the printed code and where to download the PDF. */
export function certificateView(row: CertificateRow): IssuedCertificate {
  return { code: formatCode(row.code), issuedAt: new Date(row.issued_at).toISOString(), url: `/api/v2/courses/certificates/${row.course_uuid}` }
}
