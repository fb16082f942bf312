import type { NotificationKind, NotificationParams } from '../../contracts/notifications.js'

/**
 * The one-line text of each notification kind for its mail, per mail language (the web app renders
 * the same notifications from its own catalogues). `{name}` is replaced by the parameter of that name.
 */
type Lines = { subject: string; hello: string; open: string; lines: Record<NotificationKind, string> }

export const NOTIFICATION_MAIL: Record<'es' | 'en' | 'it' | 'de' | 'ru', Lines> = {
  es: {
    subject: 'Aula: tienes una notificación',
    hello: 'Hola:',
    open: 'Ábrela en Aula',
    lines: {
      'subscription-added': 'Ya tienes acceso al curso «{course}» ({plan}).',
      'subscription-revoked': 'Se ha revocado tu suscripción al curso «{course}».',
      'certificate-issued': 'Has obtenido el certificado del curso «{course}».',
      'course-updated': 'El curso «{course}» tiene una nueva versión ({version}).',
      'import-finished': 'La importación «{name}» ha terminado: {created} creados, {failed} con errores.',
      'avatar-ready': 'Tu avatar «{title}» está listo.',
      'review-published': 'Se ha publicado la versión {version} del curso «{course}», que revisas.',
      'expiry-soon': 'Tu suscripción al curso «{course}» termina el {date}.',
      'discussion-reply': '{author} ha respondido en «{thread}» ({course}).',
      'discussion-mention': '{author} te ha mencionado en «{thread}» ({course}).',
      'assignment-graded': 'Se ha calificado tu tarea «{assignment}» del curso «{course}»: {score} %.',
      'assignment-returned': 'Tu tarea «{assignment}» del curso «{course}» se te ha devuelto para que la entregues de nuevo.',
      'essay-graded': 'Se ha calificado tu respuesta en «{form}» del curso «{course}».',
    },
  },
  en: {
    subject: 'Aula: you have a notification',
    hello: 'Hello,',
    open: 'Open it in Aula',
    lines: {
      'subscription-added': 'You now have access to the course "{course}" ({plan}).',
      'subscription-revoked': 'Your subscription to the course "{course}" has been revoked.',
      'certificate-issued': 'You have earned the certificate of the course "{course}".',
      'course-updated': 'The course "{course}" has a new version ({version}).',
      'import-finished': 'The import "{name}" has finished: {created} created, {failed} with errors.',
      'avatar-ready': 'Your avatar "{title}" is ready.',
      'review-published': 'Version {version} of the course "{course}", which you review, has been published.',
      'expiry-soon': 'Your subscription to the course "{course}" ends on {date}.',
      'discussion-reply': '{author} replied in "{thread}" ({course}).',
      'discussion-mention': '{author} mentioned you in "{thread}" ({course}).',
      'assignment-graded': 'Your assignment "{assignment}" of the course "{course}" has been graded: {score} %.',
      'assignment-returned': 'Your assignment "{assignment}" of the course "{course}" was returned to you for resubmission.',
      'essay-graded': 'Your answer in "{form}" of the course "{course}" has been graded.',
    },
  },
  it: {
    subject: 'Aula: hai una notifica',
    hello: 'Ciao,',
    open: 'Aprila in Aula',
    lines: {
      'subscription-added': 'Ora hai accesso al corso «{course}» ({plan}).',
      'subscription-revoked': 'La tua iscrizione al corso «{course}» è stata revocata.',
      'certificate-issued': 'Hai ottenuto il certificato del corso «{course}».',
      'course-updated': 'Il corso «{course}» ha una nuova versione ({version}).',
      'import-finished': "L'importazione «{name}» è terminata: {created} creati, {failed} con errori.",
      'avatar-ready': 'Il tuo avatar «{title}» è pronto.',
      'review-published': 'È stata pubblicata la versione {version} del corso «{course}», che revisioni.',
      'expiry-soon': 'La tua iscrizione al corso «{course}» scade il {date}.',
      'discussion-reply': '{author} ha risposto in «{thread}» ({course}).',
      'discussion-mention': '{author} ti ha menzionato in «{thread}» ({course}).',
      'assignment-graded': 'Il tuo compito «{assignment}» del corso «{course}» è stato valutato: {score} %.',
      'assignment-returned': 'Il tuo compito «{assignment}» del corso «{course}» ti è stato restituito da consegnare di nuovo.',
      'essay-graded': 'La tua risposta in «{form}» del corso «{course}» è stata valutata.',
    },
  },
  de: {
    subject: 'Aula: Sie haben eine Benachrichtigung',
    hello: 'Hallo,',
    open: 'In Aula öffnen',
    lines: {
      'subscription-added': 'Sie haben jetzt Zugang zum Kurs „{course}“ ({plan}).',
      'subscription-revoked': 'Ihr Abonnement des Kurses „{course}“ wurde widerrufen.',
      'certificate-issued': 'Sie haben das Zertifikat des Kurses „{course}“ erhalten.',
      'course-updated': 'Der Kurs „{course}“ hat eine neue Version ({version}).',
      'import-finished': 'Der Import „{name}“ ist abgeschlossen: {created} angelegt, {failed} mit Fehlern.',
      'avatar-ready': 'Ihr Avatar „{title}“ ist fertig.',
      'review-published': 'Version {version} des Kurses „{course}“, den Sie prüfen, wurde veröffentlicht.',
      'expiry-soon': 'Ihr Abonnement des Kurses „{course}“ endet am {date}.',
      'discussion-reply': '{author} hat in „{thread}“ ({course}) geantwortet.',
      'discussion-mention': '{author} hat Sie in „{thread}“ ({course}) erwähnt.',
      'assignment-graded': 'Ihre Aufgabe „{assignment}“ im Kurs „{course}“ wurde bewertet: {score} %.',
      'assignment-returned': 'Ihre Aufgabe „{assignment}“ im Kurs „{course}“ wurde Ihnen zur erneuten Abgabe zurückgegeben.',
      'essay-graded': 'Ihre Antwort in „{form}“ des Kurses „{course}“ wurde bewertet.',
    },
  },
  ru: {
    subject: 'Aula: у вас новое уведомление',
    hello: 'Здравствуйте!',
    open: 'Открыть в Aula',
    lines: {
      'subscription-added': 'Теперь у вас есть доступ к курсу «{course}» ({plan}).',
      'subscription-revoked': 'Ваша подписка на курс «{course}» отозвана.',
      'certificate-issued': 'Вы получили сертификат курса «{course}».',
      'course-updated': 'У курса «{course}» новая версия ({version}).',
      'import-finished': 'Импорт «{name}» завершён: создано {created}, с ошибками {failed}.',
      'avatar-ready': 'Ваш аватар «{title}» готов.',
      'review-published': 'Опубликована версия {version} курса «{course}», который вы проверяете.',
      'expiry-soon': 'Ваша подписка на курс «{course}» заканчивается {date}.',
      'discussion-reply': '{author} ответил(а) в теме «{thread}» ({course}).',
      'discussion-mention': '{author} упомянул(а) вас в теме «{thread}» ({course}).',
      'assignment-graded': 'Ваше задание «{assignment}» курса «{course}» оценено: {score} %.',
      'assignment-returned': 'Ваше задание «{assignment}» курса «{course}» возвращено вам для повторной сдачи.',
      'essay-graded': 'Ваш ответ в «{form}» курса «{course}» оценён.',
    },
  },
}

/** A line with its `{name}` parameters filled in (a missing one is left empty). */
export function fill(line: string, params: NotificationParams): string {
  return line.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''))
}
