/**
 * Course certificates: issued the moment a learner completes a course (`issueIfComplete`, called by
 * whoever records the last step: a passed form, a completed block), drawn as a PDF on request.
 */
export { CODE_LENGTH, formatCode, newCertificateCode, normalizeCode } from './code.js'
export { countedBlocks, isComplete, issueCompleted, issueIfComplete, type IssueOptions } from './issue.js'
export { CERTIFICATE_LABELS, CERTIFICATE_LOCALES, isCertificateLocale, type CertificateLocale } from './labels.js'
export { templateKind } from './template.js'
export type { CertificateContent } from './pdf.js'
export { printedNames, type PrintedName } from './names.js'
export { certificateView } from './view.js'
export {
  badgeRecipient,
  catalogueTemplate,
  certificateByWrittenCode,
  certificateOf,
  certificateTemplateKey,
  keepBadgeRecipient,
  poolEmail,
  restoreCertificate,
  revokeCertificate,
  statusListSource,
  type StatusListSource,
  type BadgeRecipient,
  type CertificateRow,
} from './queries.js'
export { storedPdfKey } from './stored.js'
export * as badges from './badge.js'

/** Draws a certificate as a PDF. The PDF, font and QR libraries load with the first certificate drawn. */
export async function renderCertificate(...args: Parameters<typeof import('./pdf.js').renderCertificate>): Promise<Uint8Array> {
  const { renderCertificate: render } = await import('./pdf.js')
  return render(...args)
}
