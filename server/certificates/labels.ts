import { CERTIFICATE_LOCALES, type CertificateLocale } from '../../contracts/learner/certificates.js'

/**
 * The words printed on a certificate, in the product's six languages (the web app's locale codes:
 * mx is the default, gr is German, rs is Russian). The learner picks the language of the download.
 */
export { CERTIFICATE_LOCALES, type CertificateLocale }

export interface CertificateLabels {
  /** BCP 47 tag for dates and numbers. */
  tag: string
  title: string
  awardedTo: string
  forCompleting: string
  /** The duration line: `n` formatted for the language, `one` when the language's plural rule for it is "one". */
  hours: (n: string, one: boolean) => string
  issuedOn: (date: string) => string
  code: string
  verify: string
}

export const CERTIFICATE_LABELS: Record<CertificateLocale, CertificateLabels> = {
  mx: {
    tag: 'es-MX',
    title: 'Constancia de acreditación',
    awardedTo: 'Se otorga a',
    forCompleting: 'por haber concluido satisfactoriamente el curso',
    hours: (n, one) => `con una duración de ${n} ${one ? 'hora' : 'horas'}`,
    issuedOn: (d) => `Emitida el ${d}`,
    code: 'Código de verificación',
    verify: 'Verifique esta constancia en',
  },
  eng: {
    tag: 'en-GB',
    title: 'Certificate of completion',
    awardedTo: 'This certifies that',
    forCompleting: 'has successfully completed the course',
    hours: (n, one) => `with a duration of ${n} ${one ? 'hour' : 'hours'}`,
    issuedOn: (d) => `Issued on ${d}`,
    code: 'Verification code',
    verify: 'Verify this certificate at',
  },
  es: {
    tag: 'es-ES',
    title: 'Certificado de aprovechamiento',
    awardedTo: 'Se otorga a',
    forCompleting: 'por haber completado con éxito el curso',
    hours: (n, one) => `con una duración de ${n} ${one ? 'hora' : 'horas'}`,
    issuedOn: (d) => `Emitido el ${d}`,
    code: 'Código de verificación',
    verify: 'Verifique este certificado en',
  },
  it: {
    tag: 'it-IT',
    title: 'Attestato di completamento',
    awardedTo: 'Si certifica che',
    forCompleting: 'ha completato con successo il corso',
    hours: (n, one) => `della durata di ${n} ${one ? 'ora' : 'ore'}`,
    issuedOn: (d) => `Rilasciato il ${d}`,
    code: 'Codice di verifica',
    verify: 'Verifichi questo attestato su',
  },
  gr: {
    tag: 'de-DE',
    title: 'Teilnahmezertifikat',
    awardedTo: 'Hiermit wird bestätigt, dass',
    forCompleting: 'den folgenden Kurs erfolgreich abgeschlossen hat',
    hours: (n, one) => `mit einem Umfang von ${n} ${one ? 'Stunde' : 'Stunden'}`,
    issuedOn: (d) => `Ausgestellt am ${d}`,
    code: 'Prüfcode',
    verify: 'Prüfen Sie dieses Zertifikat unter',
  },
  rs: {
    tag: 'ru-RU',
    title: 'Сертификат о прохождении курса',
    awardedTo: 'Настоящим подтверждается, что',
    forCompleting: 'успешно завершил(а) курс',
    hours: (n) => `продолжительностью ${n} ч.`,
    issuedOn: (d) => `Выдан ${d}`,
    code: 'Код проверки',
    verify: 'Проверьте сертификат по адресу',
  },
}

export const isCertificateLocale = (value: unknown): value is CertificateLocale =>
  typeof value === 'string' && (CERTIFICATE_LOCALES as readonly string[]).includes(value)
