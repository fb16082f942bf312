import type { NotificationsMessages } from '../mx/notifications'

export const notifications = {
  bell: 'Benachrichtigungen, %{count} ungelesen',
  bellLoading: 'Benachrichtigungen',
  menuTitle: 'Benachrichtigungen',
  markRead: 'Als gelesen markieren',
  markAllRead: 'Alle als gelesen markieren',
  seeAll: 'Alle ansehen',
  empty: 'Sie haben keine Benachrichtigungen.',
  unread: 'Ungelesen',
  page: {
    title: 'Benachrichtigungen',
    loadMore: 'Weitere laden',
    loadError: 'Die Benachrichtigungen konnten nicht geladen werden.',
  },
  preferences: {
    title: 'Benachrichtigungen',
    intro: 'Alle Benachrichtigungen erscheinen in Aula. Wählen Sie, welche Sie zusätzlich per E-Mail erhalten möchten.',
    byMail: 'Per E-Mail: %{kind}',
    saved: 'Einstellungen gespeichert',
    saveError: 'Die Einstellungen konnten nicht gespeichert werden.',
  },
  kinds: {
    'subscription-added': 'Neues Abonnement',
    'subscription-revoked': 'Abonnement widerrufen',
    'certificate-issued': 'Zertifikat erhalten',
    'course-updated': 'Kurs aktualisiert',
    'import-finished': 'Import abgeschlossen',
    'avatar-ready': 'Avatar fertig',
    'review-published': 'Geprüfter Kurs veröffentlicht',
    'expiry-soon': 'Abonnement endet bald',
    'discussion-reply': 'Antwort in einer Diskussion',
    'discussion-mention': 'Erwähnung in einer Diskussion',
  },
  texts: {
    'subscription-added': 'Sie haben jetzt Zugang zum Kurs „%{course}“ (%{plan}).',
    'subscription-revoked': 'Ihr Abonnement des Kurses „%{course}“ wurde widerrufen.',
    'certificate-issued': 'Sie haben das Zertifikat des Kurses „%{course}“ erhalten.',
    'course-updated': 'Der Kurs „%{course}“ hat eine neue Version (%{version}).',
    'import-finished': 'Der Import „%{name}“ ist abgeschlossen: %{created} angelegt, %{failed} mit Fehlern.',
    'avatar-ready': 'Ihr Avatar „%{title}“ ist fertig.',
    'review-published': 'Version %{version} des Kurses „%{course}“, den Sie prüfen, wurde veröffentlicht.',
    'expiry-soon':
      'Ihr Abonnement des Kurses „%{course}“ endet in %{smart_count} Tag. |||| Ihr Abonnement des Kurses „%{course}“ endet in %{smart_count} Tagen.',
    'discussion-reply': '%{author} hat in „%{thread}“ (%{course}) geantwortet.',
    'discussion-mention': '%{author} hat Sie in „%{thread}“ (%{course}) erwähnt.',
  },
} satisfies NotificationsMessages
