import type { Catalogue, Lang } from './messages.js'

/** Progress in a course as the dashboard shows it: counted blocks done, of all, whole percent. */
export interface MailProgress {
  done: number
  total: number
  percent: number
}

/**
 * The mail Aula sends unasked (docs/mail.md): each carries the one-click unsubscribe address that
 * its List-Unsubscribe header names too, and the text says what it is for.
 */
export type NoticeMessage =
  /** `daysLeft`: the reminder's threshold (0: the day of expiry); `renewUrl`: the course overview. */
  | { kind: 'expiry-reminder'; course: string; expiresAt: string; daysLeft: number; progress: MailProgress; renewUrl: string; unsubscribeUrl: string }
  | {
      kind: 'weekly-digest'
      courses: Array<{ name: string; url: string; expiresAt: string; progress: MailProgress }>
      unsubscribeUrl: string
    }

type Notices = Catalogue<NoticeMessage>

const TAGS: Record<Lang, string> = { es: 'es-MX', en: 'en-GB', it: 'it-IT', de: 'de-DE', ru: 'ru-RU' }

/** A date as the reader's language writes it (UTC, the day the subscription ends). */
const day = (lang: Lang, iso: string) => new Date(iso).toLocaleDateString(TAGS[lang], { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })

const lines = (lang: Lang, courses: Extract<NoticeMessage, { kind: 'weekly-digest' }>['courses'], words: { until: string; done: string }) =>
  courses
    .map(
      (c) => `- ${c.name}: ${c.progress.percent}% (${c.progress.done}/${c.progress.total} ${words.done}), ${words.until} ${day(lang, c.expiresAt)}\n  ${c.url}`,
    )
    .join('\n')

const es: Notices = {
  'expiry-reminder': (m) => ({
    subject: m.daysLeft === 0 ? `Aula: tu suscripción a ${m.course} termina hoy` : `Aula: tu suscripción a ${m.course} termina en ${m.daysLeft} días`,
    text:
      `Hola:\n\nTu suscripción al curso ${m.course} termina el ${day('es', m.expiresAt)}.\n\n` +
      `Tu avance: ${m.progress.percent}% (${m.progress.done} de ${m.progress.total} actividades).\n\n` +
      `Renueva para seguir estudiando; conservas todo tu avance y tus intentos.\nRenovar: ${m.renewUrl}\n\n` +
      `¿No quieres estos avisos? Date de baja: ${m.unsubscribeUrl}\n`,
    action: { label: 'Renovar', url: m.renewUrl },
    links: [m.unsubscribeUrl],
  }),
  'weekly-digest': (m) => ({
    subject: 'Aula: tu avance de la semana',
    text: `Hola:\n\nAsí van tus cursos:\n\n${lines('es', m.courses, { until: 'hasta el', done: 'actividades' })}\n\n¿No quieres este resumen? Date de baja: ${m.unsubscribeUrl}\n`,
    links: [m.unsubscribeUrl, ...m.courses.map((c) => c.url)],
  }),
}

const en: Notices = {
  'expiry-reminder': (m) => ({
    subject: m.daysLeft === 0 ? `Aula: your subscription to ${m.course} ends today` : `Aula: your subscription to ${m.course} ends in ${m.daysLeft} days`,
    text:
      `Hello,\n\nYour subscription to the course ${m.course} ends on ${day('en', m.expiresAt)}.\n\n` +
      `Your progress: ${m.progress.percent}% (${m.progress.done} of ${m.progress.total} activities).\n\n` +
      `Renew to keep studying; all your progress and attempts are kept.\nRenew: ${m.renewUrl}\n\n` +
      `Don't want these reminders? Unsubscribe: ${m.unsubscribeUrl}\n`,
    action: { label: 'Renew', url: m.renewUrl },
    links: [m.unsubscribeUrl],
  }),
  'weekly-digest': (m) => ({
    subject: 'Aula: your week in progress',
    text: `Hello,\n\nHere is how your courses are going:\n\n${lines('en', m.courses, { until: 'until', done: 'activities' })}\n\nDon't want this digest? Unsubscribe: ${m.unsubscribeUrl}\n`,
    links: [m.unsubscribeUrl, ...m.courses.map((c) => c.url)],
  }),
}

const it: Notices = {
  'expiry-reminder': (m) => ({
    subject: m.daysLeft === 0 ? `Aula: il tuo abbonamento a ${m.course} scade oggi` : `Aula: il tuo abbonamento a ${m.course} scade tra ${m.daysLeft} giorni`,
    text:
      `Ciao,\n\nil tuo abbonamento al corso ${m.course} scade il ${day('it', m.expiresAt)}.\n\n` +
      `I tuoi progressi: ${m.progress.percent}% (${m.progress.done} di ${m.progress.total} attività).\n\n` +
      `Rinnova per continuare a studiare; conservi tutti i progressi e i tentativi.\nRinnova: ${m.renewUrl}\n\n` +
      `Non vuoi questi promemoria? Annulla l'iscrizione: ${m.unsubscribeUrl}\n`,
    action: { label: 'Rinnova', url: m.renewUrl },
    links: [m.unsubscribeUrl],
  }),
  'weekly-digest': (m) => ({
    subject: 'Aula: i tuoi progressi della settimana',
    text: `Ciao,\n\necco come vanno i tuoi corsi:\n\n${lines('it', m.courses, { until: 'fino al', done: 'attività' })}\n\nNon vuoi questo riepilogo? Annulla l'iscrizione: ${m.unsubscribeUrl}\n`,
    links: [m.unsubscribeUrl, ...m.courses.map((c) => c.url)],
  }),
}

const de: Notices = {
  'expiry-reminder': (m) => ({
    subject: m.daysLeft === 0 ? `Aula: Ihr Abonnement für ${m.course} endet heute` : `Aula: Ihr Abonnement für ${m.course} endet in ${m.daysLeft} Tagen`,
    text:
      `Hallo,\n\nIhr Abonnement für den Kurs ${m.course} endet am ${day('de', m.expiresAt)}.\n\n` +
      `Ihr Fortschritt: ${m.progress.percent} % (${m.progress.done} von ${m.progress.total} Aktivitäten).\n\n` +
      `Verlängern Sie, um weiterzulernen; Ihr Fortschritt und Ihre Versuche bleiben erhalten.\nVerlängern: ${m.renewUrl}\n\n` +
      `Keine Erinnerungen mehr? Abmelden: ${m.unsubscribeUrl}\n`,
    action: { label: 'Verlängern', url: m.renewUrl },
    links: [m.unsubscribeUrl],
  }),
  'weekly-digest': (m) => ({
    subject: 'Aula: Ihr Fortschritt dieser Woche',
    text: `Hallo,\n\nso stehen Ihre Kurse:\n\n${lines('de', m.courses, { until: 'bis', done: 'Aktivitäten' })}\n\nKeine Wochenübersicht mehr? Abmelden: ${m.unsubscribeUrl}\n`,
    links: [m.unsubscribeUrl, ...m.courses.map((c) => c.url)],
  }),
}

const ru: Notices = {
  'expiry-reminder': (m) => ({
    subject:
      m.daysLeft === 0
        ? `Aula: ваша подписка на ${m.course} заканчивается сегодня`
        : `Aula: ваша подписка на ${m.course} заканчивается через ${m.daysLeft} дн.`,
    text:
      `Здравствуйте!\n\nВаша подписка на курс ${m.course} заканчивается ${day('ru', m.expiresAt)}.\n\n` +
      `Ваш прогресс: ${m.progress.percent}% (${m.progress.done} из ${m.progress.total} заданий).\n\n` +
      `Продлите подписку, чтобы продолжить обучение; весь прогресс и попытки сохранятся.\nПродлить: ${m.renewUrl}\n\n` +
      `Не хотите получать напоминания? Отписаться: ${m.unsubscribeUrl}\n`,
    action: { label: 'Продлить', url: m.renewUrl },
    links: [m.unsubscribeUrl],
  }),
  'weekly-digest': (m) => ({
    subject: 'Aula: ваш прогресс за неделю',
    text: `Здравствуйте!\n\nВот как идут ваши курсы:\n\n${lines('ru', m.courses, { until: 'до', done: 'заданий' })}\n\nНе хотите получать эту сводку? Отписаться: ${m.unsubscribeUrl}\n`,
    links: [m.unsubscribeUrl, ...m.courses.map((c) => c.url)],
  }),
}

export const NOTICES: Record<Lang, Notices> = { es, en, it, de, ru }
