/**
 * Course certificates: issued the moment a learner completes a course (`issueIfComplete`, called by
 * whoever records the last step: a passed form, a completed block), drawn as a PDF on request.
 */
export { CODE_LENGTH, formatCode, newCertificateCode, normalizeCode } from './code.js'
export { countedBlocks, isComplete, issueIfComplete, type IssueOptions } from './issue.js'
export { CERTIFICATE_LABELS, CERTIFICATE_LOCALES, isCertificateLocale, type CertificateLocale } from './labels.js'
export { renderCertificate, templateKind, type CertificateContent } from './pdf.js'
export { printedNames, type PrintedName } from './names.js'
export { certificateView } from './view.js'
export { catalogueTemplate, certificateByCode, certificateOf, publishedSnapshot, type CertificateRow } from './queries.js'
