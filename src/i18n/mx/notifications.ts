/** Notifications: the top bar's bell and menu, the list page, the settings pane and each kind's text (decision 0032). */
export const notifications = {
  bell: 'Notificaciones, %{count} sin leer',
  bellLoading: 'Notificaciones',
  menuTitle: 'Notificaciones',
  markRead: 'Marcar como leída',
  markAllRead: 'Marcar todas como leídas',
  seeAll: 'Ver todas',
  empty: 'No tienes notificaciones.',
  unread: 'Sin leer',
  page: {
    title: 'Notificaciones',
    loadMore: 'Cargar más',
    loadError: 'No se pudieron cargar las notificaciones.',
  },
  preferences: {
    title: 'Notificaciones',
    intro: 'Todas las notificaciones aparecen en Aula. Elige cuáles quieres recibir también por correo.',
    byMail: 'Por correo: %{kind}',
    saved: 'Preferencias guardadas',
    saveError: 'No se pudieron guardar las preferencias.',
  },
  kinds: {
    'subscription-added': 'Suscripción nueva',
    'subscription-revoked': 'Suscripción revocada',
    'certificate-issued': 'Certificado obtenido',
    'course-updated': 'Curso actualizado',
    'import-finished': 'Importación terminada',
    'avatar-ready': 'Avatar listo',
    'review-published': 'Curso que revisas publicado',
    'expiry-soon': 'Tu suscripción termina pronto',
    'discussion-reply': 'Respuesta en una discusión',
    'discussion-mention': 'Te mencionaron en una discusión',
    'assignment-graded': 'Tarea calificada',
    'assignment-returned': 'Tarea devuelta',
  },
  texts: {
    'subscription-added': 'Ya tienes acceso al curso «%{course}» (%{plan}).',
    'subscription-revoked': 'Se revocó tu suscripción al curso «%{course}».',
    'certificate-issued': 'Obtuviste el certificado del curso «%{course}».',
    'course-updated': 'El curso «%{course}» tiene una versión nueva (%{version}).',
    'import-finished': 'La importación «%{name}» terminó: %{created} creados, %{failed} con errores.',
    'avatar-ready': 'Tu avatar «%{title}» está listo.',
    'review-published': 'Se publicó la versión %{version} del curso «%{course}», que revisas.',
    'expiry-soon':
      'Tu suscripción al curso «%{course}» termina en %{smart_count} día. |||| Tu suscripción al curso «%{course}» termina en %{smart_count} días.',
    'discussion-reply': '%{author} respondió en «%{thread}» (%{course}).',
    'discussion-mention': '%{author} te mencionó en «%{thread}» (%{course}).',
    'assignment-graded': 'Se calificó tu tarea «%{assignment}» del curso «%{course}»: %{score} %.',
    'assignment-returned': 'Te devolvieron la tarea «%{assignment}» del curso «%{course}» para que la entregues de nuevo.',
  },
}

export type NotificationsMessages = typeof notifications
