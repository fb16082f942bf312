import { escapeHtml } from '../mail/html.js'
import type { Lang } from '../mail/messages.js'
import type { UnsubscribeTopic } from './unsubscribe.js'

type Texts = { title: string; ask: Record<UnsubscribeTopic, string>; button: string; done: Record<UnsubscribeTopic, string>; invalid: string; settings: string }

const TEXTS: Record<Lang, Texts> = {
  es: {
    title: 'Aula: correos',
    ask: {
      reminders: '¿Dejar de recibir avisos antes de que termine una suscripción?',
      digest: '¿Dejar de recibir el resumen semanal de tu avance?',
      notifications: '¿Dejar de recibir tus notificaciones por correo?',
    },
    button: 'Darme de baja',
    done: {
      reminders: 'Listo: ya no recibirás avisos de vencimiento.',
      digest: 'Listo: ya no recibirás el resumen semanal.',
      notifications: 'Listo: tus notificaciones ya no llegarán por correo; siguen en Aula.',
    },
    invalid: 'Este enlace para darte de baja no es válido.',
    settings: 'Puedes cambiarlo cuando quieras en Configuración › Correos.',
  },
  en: {
    title: 'Aula: e-mails',
    ask: {
      reminders: 'Stop the reminders before a subscription expires?',
      digest: 'Stop the weekly progress digest?',
      notifications: 'Stop getting your notifications by e-mail?',
    },
    button: 'Unsubscribe',
    done: {
      reminders: 'Done: you will no longer get expiry reminders.',
      digest: 'Done: you will no longer get the weekly digest.',
      notifications: 'Done: your notifications no longer come by e-mail; they stay in Aula.',
    },
    invalid: 'This unsubscribe link is not valid.',
    settings: 'You can change this at any time in Settings › E-mails.',
  },
  it: {
    title: 'Aula: e-mail',
    ask: {
      reminders: 'Non ricevere più i promemoria prima della scadenza di un abbonamento?',
      digest: 'Non ricevere più il riepilogo settimanale?',
      notifications: 'Non ricevere più le notifiche via e-mail?',
    },
    button: "Annulla l'iscrizione",
    done: {
      reminders: 'Fatto: non riceverai più promemoria di scadenza.',
      digest: 'Fatto: non riceverai più il riepilogo settimanale.',
      notifications: 'Fatto: le notifiche non arriveranno più via e-mail; restano in Aula.',
    },
    invalid: "Questo link per annullare l'iscrizione non è valido.",
    settings: 'Puoi cambiarlo quando vuoi in Impostazioni › E-mail.',
  },
  de: {
    title: 'Aula: E-Mails',
    ask: {
      reminders: 'Keine Erinnerungen mehr vor dem Ablauf eines Abonnements?',
      digest: 'Keine wöchentliche Fortschrittsübersicht mehr?',
      notifications: 'Benachrichtigungen nicht mehr per E-Mail erhalten?',
    },
    button: 'Abmelden',
    done: {
      reminders: 'Erledigt: Sie erhalten keine Ablauferinnerungen mehr.',
      digest: 'Erledigt: Sie erhalten keine Wochenübersicht mehr.',
      notifications: 'Erledigt: Benachrichtigungen kommen nicht mehr per E-Mail; in Aula bleiben sie.',
    },
    invalid: 'Dieser Abmeldelink ist ungültig.',
    settings: 'Sie können das jederzeit unter Einstellungen › E-Mails ändern.',
  },
  ru: {
    title: 'Aula: письма',
    ask: {
      reminders: 'Больше не получать напоминания перед окончанием подписки?',
      digest: 'Больше не получать еженедельную сводку?',
      notifications: 'Больше не получать уведомления по почте?',
    },
    button: 'Отписаться',
    done: {
      reminders: 'Готово: напоминания об окончании подписки больше не придут.',
      digest: 'Готово: еженедельная сводка больше не придёт.',
      notifications: 'Готово: уведомления больше не будут приходить по почте; в Aula они остаются.',
    },
    invalid: 'Эта ссылка для отписки недействительна.',
    settings: 'Это можно изменить в любой момент в разделе «Настройки › Письма».',
  },
}

/** The policy of these pages: no script, their own inline style, the form posting back here only. */
export const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

const STYLE =
  'body{font-family:system-ui,Helvetica,Arial,sans-serif;margin:0;padding:48px 16px;color:#1e293b;background:#f8fafc}' +
  'main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.15)}' +
  'h1{font-size:1.25rem;margin:0 0 16px}p{line-height:1.5}' +
  'button{font-size:1rem;padding:12px 24px;border:0;border-radius:6px;background:#0f766e;color:#fff;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}'

function page(lang: Lang, body: string): string {
  const t = TEXTS[lang]
  return `<!doctype html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="robots" content="noindex">\n<title>${escapeHtml(t.title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<main>\n<h1>${escapeHtml(t.title)}</h1>\n${body}\n</main>\n</body>\n</html>\n`
}

/**
 * The page a GET of the link shows: a question and a button that posts to the same address. A GET
 * changes nothing, so a link checker or a mail scanner opening it unsubscribes no one.
 */
export function confirmPage(lang: Lang, topic: UnsubscribeTopic, token: string): string {
  const t = TEXTS[lang]
  return page(
    lang,
    `<p>${escapeHtml(t.ask[topic])}</p>\n<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">\n<input type="hidden" name="List-Unsubscribe" value="One-Click">\n<button type="submit">${escapeHtml(t.button)}</button>\n</form>\n<p>${escapeHtml(t.settings)}</p>`,
  )
}

/** The page after a form post from `confirmPage`. */
export function donePage(lang: Lang, topic: UnsubscribeTopic): string {
  const t = TEXTS[lang]
  return page(lang, `<p role="status">${escapeHtml(t.done[topic])}</p>\n<p>${escapeHtml(t.settings)}</p>`)
}

export function invalidPage(lang: Lang): string {
  return page(lang, `<p role="alert">${escapeHtml(TEXTS[lang].invalid)}</p>`)
}
