/** The messages Aula mails, with their variable parts. */
export type MailMessage =
  | { kind: 'signup-code'; code: string }
  | { kind: 'reset-code'; code: string }
  | { kind: 'email-change-code'; code: string }
  | { kind: 'temporary-password'; username: string; password: string; days: number; url?: string }

type Lang = 'es' | 'en' | 'it'
type Catalogue = { [K in MailMessage['kind']]: (m: Extract<MailMessage, { kind: K }>) => { subject: string; text: string } }

const es: Catalogue = {
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
  'temporary-password': (m) => ({
    subject: 'Aula: tu cuenta está lista',
    text:
      `Hola:\n\nSe ha creado una cuenta de Aula para ti.\n\nUsuario: ${m.username}\nContraseña temporal: ${m.password}\n\n` +
      `La contraseña temporal vale ${m.days} días; al entrar por primera vez tendrás que elegir una nueva.${m.url ? `\n\nEntra en ${m.url}` : ''}\n`,
  }),
}

const en: Catalogue = {
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
  'temporary-password': (m) => ({
    subject: 'Aula: your account is ready',
    text:
      `Hello,\n\nAn Aula account has been created for you.\n\nUsername: ${m.username}\nTemporary password: ${m.password}\n\n` +
      `The temporary password is valid for ${m.days} days; you will choose a new one when you first sign in.${m.url ? `\n\nSign in at ${m.url}` : ''}\n`,
  }),
}

const it: Catalogue = {
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
  'temporary-password': (m) => ({
    subject: 'Aula: il tuo account è pronto',
    text:
      `Ciao,\n\nè stato creato per te un account Aula.\n\nUtente: ${m.username}\nPassword temporanea: ${m.password}\n\n` +
      `La password temporanea vale ${m.days} giorni; al primo accesso ne sceglierai una nuova.${m.url ? `\n\nAccedi su ${m.url}` : ''}\n`,
  }),
}

const CATALOGUES: Record<Lang, Catalogue> = { es, en, it }

/** Maps a stored `locale` (the app's codes mx/eng/es/it/gr/rs, or BCP 47 tags) to a catalogue; Spanish by default. */
export function mailLanguage(locale?: string): Lang {
  const l = (locale ?? '').toLowerCase()
  if (l === 'eng' || l === 'en' || l.startsWith('en-')) return 'en'
  if (l === 'it' || l.startsWith('it-')) return 'it'
  return 'es'
}

export function renderMessage(message: MailMessage, locale?: string): { subject: string; text: string } {
  const catalogue = CATALOGUES[mailLanguage(locale)]
  return (catalogue[message.kind] as (m: MailMessage) => { subject: string; text: string })(message)
}
