import type { NotificationKind, NotificationParams } from '../../contracts/notifications.js'
import { mailHtml, type MailAction } from './html.js'
import { NOTICES, type NoticeMessage } from './notices.js'
import { fill, NOTIFICATION_MAIL } from './notification-texts.js'

/** The messages Aula mails, with their variable parts. */
export type MailMessage =
  | { kind: 'signup-code'; code: string }
  | { kind: 'reset-code'; code: string }
  | { kind: 'email-change-code'; code: string }
  /** `url`: the platform's address (PUBLIC_URL, else the one the administrator used); the mail links its sign-in page. */
  | { kind: 'temporary-password'; username: string; password: string; days: number; url?: string }
  | NoticeMessage
  /** The receipt of a sale (its PDF attached): its number, the course and plan, the amount as the language writes it. */
  | { kind: 'receipt'; number: string; course: string; plan: string; amount: string }
  /** A notification the user asked to receive by mail too (decision 0032); `url`: the page it links, absolute. */
  | { kind: 'notification'; about: NotificationKind; params: NotificationParams; url?: string }

export type Lang = 'es' | 'en' | 'it' | 'de' | 'ru'
/**
 * A catalogue entry: the text, the link its HTML alternative shows as a button (`html.ts`), and other
 * addresses of ours the HTML makes links (an unsubscribe link).
 */
export type Entry = { subject: string; text: string; action?: MailAction; links?: string[] }
/** The texts of each kind of message; notifications have their own (`notification-texts.ts`). */
export type Catalogue<M extends { kind: string } = Exclude<MailMessage, { kind: 'notification' }>> = {
  [K in M['kind']]: (m: Extract<M, { kind: K }>) => Entry
}

/** The sign-in page of the platform at `url`, as the button of a message that names it. */
const signIn = (label: string, url: string | undefined): MailAction | undefined => (url ? { label, url: `${url}/login` } : undefined)

const es: Catalogue = {
  ...NOTICES.es,
  'signup-code': (m) => ({
    subject: 'Aula: tu código de confirmación',
    text: `Hola:\n\nTu código para confirmar la cuenta es ${m.code}\n\nCaduca en 24 horas. Si no creaste una cuenta en Aula, ignora este mensaje.\n`,
  }),
  'reset-code': (m) => ({
    subject: 'Aula: código para restablecer la contraseña',
    text: `Hola:\n\nTu código para restablecer la contraseña es ${m.code}\n\nCaduca en 1 hora. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.\n`,
  }),
  'email-change-code': (m) => ({
    subject: 'Aula: confirma tu nueva dirección de correo',
    text: `Hola:\n\nTu código para confirmar esta dirección de correo es ${m.code}\n\nCaduca en 24 horas.\n`,
  }),
  'temporary-password': (m) => {
    const action = signIn('Inicia sesión', m.url)
    return {
      subject: 'Aula: tu cuenta está lista',
      text:
        `Hola:\n\nSe ha creado una cuenta de Aula para ti.\n\nUsuario: ${m.username}\nContraseña temporal: ${m.password}\n\n` +
        `La contraseña temporal vale ${m.days} días; al entrar por primera vez tendrás que elegir una nueva.${action ? `\n\nAula está en ${m.url}\n${action.label}: ${action.url}` : ''}\n`,
      action,
    }
  },
  receipt: (m) => ({
    subject: `Aula: recibo ${m.number}`,
    text: `Hola:\n\nGracias por tu compra. Adjuntamos el recibo ${m.number} de ${m.amount} por el curso «${m.course}» (${m.plan}).\n\nTambién puedes descargarlo en Ajustes › Suscripciones.\n`,
  }),
}

const en: Catalogue = {
  ...NOTICES.en,
  'signup-code': (m) => ({
    subject: 'Aula: your confirmation code',
    text: `Hello,\n\nYour code to confirm your account is ${m.code}\n\nIt expires in 24 hours. If you did not sign up for Aula, ignore this message.\n`,
  }),
  'reset-code': (m) => ({
    subject: 'Aula: password reset code',
    text: `Hello,\n\nYour code to reset your password is ${m.code}\n\nIt expires in 1 hour. If you did not ask for it, ignore this message: your password stays the same.\n`,
  }),
  'email-change-code': (m) => ({
    subject: 'Aula: confirm your new e-mail address',
    text: `Hello,\n\nYour code to confirm this e-mail address is ${m.code}\n\nIt expires in 24 hours.\n`,
  }),
  'temporary-password': (m) => {
    const action = signIn('Sign in', m.url)
    return {
      subject: 'Aula: your account is ready',
      text:
        `Hello,\n\nAn Aula account has been created for you.\n\nUsername: ${m.username}\nTemporary password: ${m.password}\n\n` +
        `The temporary password is valid for ${m.days} days; you will choose a new one when you first sign in.${action ? `\n\nAula is at ${m.url}\n${action.label}: ${action.url}` : ''}\n`,
      action,
    }
  },
  receipt: (m) => ({
    subject: `Aula: receipt ${m.number}`,
    text: `Hello,\n\nThank you for your purchase. Attached is receipt ${m.number} for ${m.amount}, for the course "${m.course}" (${m.plan}).\n\nYou can also download it from Settings › Subscriptions.\n`,
  }),
}

const it: Catalogue = {
  ...NOTICES.it,
  'signup-code': (m) => ({
    subject: 'Aula: il tuo codice di conferma',
    text: `Ciao,\n\nil tuo codice per confermare l'account è ${m.code}\n\nScade tra 24 ore. Se non ti sei registrato su Aula, ignora questo messaggio.\n`,
  }),
  'reset-code': (m) => ({
    subject: 'Aula: codice per reimpostare la password',
    text: `Ciao,\n\nil tuo codice per reimpostare la password è ${m.code}\n\nScade tra 1 ora. Se non l'hai richiesto, ignora questo messaggio: la password non cambia.\n`,
  }),
  'email-change-code': (m) => ({
    subject: 'Aula: conferma il nuovo indirizzo e-mail',
    text: `Ciao,\n\nil tuo codice per confermare questo indirizzo è ${m.code}\n\nScade tra 24 ore.\n`,
  }),
  'temporary-password': (m) => {
    const action = signIn('Accedi', m.url)
    return {
      subject: 'Aula: il tuo account è pronto',
      text:
        `Ciao,\n\nè stato creato per te un account Aula.\n\nUtente: ${m.username}\nPassword temporanea: ${m.password}\n\n` +
        `La password temporanea vale ${m.days} giorni; al primo accesso ne sceglierai una nuova.${action ? `\n\nAula si trova su ${m.url}\n${action.label}: ${action.url}` : ''}\n`,
      action,
    }
  },
  receipt: (m) => ({
    subject: `Aula: ricevuta ${m.number}`,
    text: `Ciao,\n\ngrazie per il tuo acquisto. In allegato la ricevuta ${m.number} di ${m.amount} per il corso «${m.course}» (${m.plan}).\n\nPuoi scaricarla anche da Impostazioni › Abbonamenti.\n`,
  }),
}

const de: Catalogue = {
  ...NOTICES.de,
  'signup-code': (m) => ({
    subject: 'Aula: Ihr Bestätigungscode',
    text: `Hallo,\n\nIhr Code zur Bestätigung Ihres Kontos lautet ${m.code}\n\nEr läuft in 24 Stunden ab. Wenn Sie sich nicht bei Aula registriert haben, ignorieren Sie diese Nachricht.\n`,
  }),
  'reset-code': (m) => ({
    subject: 'Aula: Code zum Zurücksetzen des Passworts',
    text: `Hallo,\n\nIhr Code zum Zurücksetzen des Passworts lautet ${m.code}\n\nEr läuft in 1 Stunde ab. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.\n`,
  }),
  'email-change-code': (m) => ({
    subject: 'Aula: Bestätigen Sie Ihre neue E-Mail-Adresse',
    text: `Hallo,\n\nIhr Code zur Bestätigung dieser E-Mail-Adresse lautet ${m.code}\n\nEr läuft in 24 Stunden ab.\n`,
  }),
  'temporary-password': (m) => {
    const action = signIn('Anmelden', m.url)
    return {
      subject: 'Aula: Ihr Konto ist bereit',
      text:
        `Hallo,\n\nfür Sie wurde ein Aula-Konto angelegt.\n\nBenutzer: ${m.username}\nVorläufiges Passwort: ${m.password}\n\n` +
        `Das vorläufige Passwort gilt ${m.days} Tage; bei der ersten Anmeldung wählen Sie ein neues.${action ? `\n\nAula finden Sie unter ${m.url}\n${action.label}: ${action.url}` : ''}\n`,
      action,
    }
  },
  receipt: (m) => ({
    subject: `Aula: Beleg ${m.number}`,
    text: `Hallo,\n\nvielen Dank für deinen Kauf. Anbei der Beleg ${m.number} über ${m.amount} für den Kurs „${m.course}“ (${m.plan}).\n\nDu kannst ihn auch unter Einstellungen › Abonnements herunterladen.\n`,
  }),
}

const ru: Catalogue = {
  ...NOTICES.ru,
  'signup-code': (m) => ({
    subject: 'Aula: ваш код подтверждения',
    text: `Здравствуйте!\n\nВаш код для подтверждения учётной записи: ${m.code}\n\nОн действует 24 часа. Если вы не регистрировались в Aula, просто проигнорируйте это письмо.\n`,
  }),
  'reset-code': (m) => ({
    subject: 'Aula: код для сброса пароля',
    text: `Здравствуйте!\n\nВаш код для сброса пароля: ${m.code}\n\nОн действует 1 час. Если вы его не запрашивали, проигнорируйте это письмо: пароль не изменится.\n`,
  }),
  'email-change-code': (m) => ({
    subject: 'Aula: подтвердите новый адрес электронной почты',
    text: `Здравствуйте!\n\nВаш код для подтверждения этого адреса: ${m.code}\n\nОн действует 24 часа.\n`,
  }),
  'temporary-password': (m) => {
    const action = signIn('Войти', m.url)
    return {
      subject: 'Aula: ваша учётная запись готова',
      text:
        `Здравствуйте!\n\nДля вас создана учётная запись Aula.\n\nПользователь: ${m.username}\nВременный пароль: ${m.password}\n\n` +
        `Временный пароль действует ${m.days} дн.; при первом входе вы выберете новый.${action ? `\n\nAula находится по адресу ${m.url}\n${action.label}: ${action.url}` : ''}\n`,
      action,
    }
  },
  receipt: (m) => ({
    subject: `Aula: квитанция ${m.number}`,
    text: `Здравствуйте!\n\nСпасибо за покупку. Во вложении квитанция ${m.number} на сумму ${m.amount} за курс «${m.course}» (${m.plan}).\n\nЕё также можно скачать в разделе Настройки › Подписки.\n`,
  }),
}

const CATALOGUES: Record<Lang, Catalogue> = { es, en, it, de, ru }

/** Maps a stored `locale` (the app's codes mx/eng/es/it/gr/rs, or BCP 47 tags) to a catalogue; Spanish by default. */
export function mailLanguage(locale?: string): Lang {
  const l = (locale ?? '').toLowerCase()
  if (l === 'eng' || l === 'en' || l.startsWith('en-')) return 'en'
  if (l === 'it' || l.startsWith('it-')) return 'it'
  if (l === 'gr' || l === 'de' || l.startsWith('de-')) return 'de'
  if (l === 'rs' || l === 'ru' || l.startsWith('ru-')) return 'ru'
  return 'es'
}

/** A rendered message: the text, and its HTML alternative derived from it. */
export interface RenderedMessage {
  subject: string
  text: string
  html: string
}

export function renderMessage(message: MailMessage, locale?: string): RenderedMessage {
  const lang = mailLanguage(locale)
  if (message.kind === 'notification') {
    const t = NOTIFICATION_MAIL[lang]
    const action = message.url ? { label: t.open, url: message.url } : undefined
    const text = `${t.hello}\n\n${fill(t.lines[message.about], message.params)}${action ? `\n\n${action.label}: ${action.url}` : ''}\n`
    return { subject: t.subject, text, html: mailHtml({ lang, subject: t.subject, text, action }) }
  }
  const { subject, text, action, links } = (CATALOGUES[lang][message.kind] as (m: MailMessage) => Entry)(message)
  return { subject, text, html: mailHtml({ lang, subject, text, action, links }) }
}
