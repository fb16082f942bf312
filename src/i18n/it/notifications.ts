import type { NotificationsMessages } from '../mx/notifications'

export const notifications = {
  bell: 'Notifiche, %{count} non lette',
  bellLoading: 'Notifiche',
  menuTitle: 'Notifiche',
  markRead: 'Segna come letta',
  markAllRead: 'Segna tutte come lette',
  seeAll: 'Vedi tutte',
  empty: 'Non hai notifiche.',
  unread: 'Non letta',
  page: {
    title: 'Notifiche',
    loadMore: 'Carica altre',
    loadError: 'Impossibile caricare le notifiche.',
  },
  preferences: {
    title: 'Notifiche',
    intro: 'Tutte le notifiche compaiono in Aula. Scegli quali ricevere anche via e-mail.',
    byMail: 'Via e-mail: %{kind}',
    saved: 'Preferenze salvate',
    saveError: 'Impossibile salvare le preferenze.',
  },
  kinds: {
    'subscription-added': 'Nuova iscrizione',
    'subscription-revoked': 'Iscrizione revocata',
    'certificate-issued': 'Certificato ottenuto',
    'course-updated': 'Corso aggiornato',
    'import-finished': 'Importazione terminata',
    'avatar-ready': 'Avatar pronto',
    'review-published': 'Corso che revisioni pubblicato',
    'expiry-soon': 'Iscrizione in scadenza',
    'discussion-reply': 'Risposta in una discussione',
    'discussion-mention': 'Menzione in una discussione',
  },
  texts: {
    'subscription-added': 'Ora hai accesso al corso «%{course}» (%{plan}).',
    'subscription-revoked': 'La tua iscrizione al corso «%{course}» è stata revocata.',
    'certificate-issued': 'Hai ottenuto il certificato del corso «%{course}».',
    'course-updated': 'Il corso «%{course}» ha una nuova versione (%{version}).',
    'import-finished': "L'importazione «%{name}» è terminata: %{created} creati, %{failed} con errori.",
    'avatar-ready': 'Il tuo avatar «%{title}» è pronto.',
    'review-published': 'È stata pubblicata la versione %{version} del corso «%{course}», che revisioni.',
    'expiry-soon':
      'La tua iscrizione al corso «%{course}» scade tra %{smart_count} giorno. |||| La tua iscrizione al corso «%{course}» scade tra %{smart_count} giorni.',
    'discussion-reply': '%{author} ha risposto in «%{thread}» (%{course}).',
    'discussion-mention': '%{author} ti ha menzionato in «%{thread}» (%{course}).',
  },
} satisfies NotificationsMessages
