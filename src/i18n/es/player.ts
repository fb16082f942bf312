import { player as mx, type PlayerMessages } from '../mx/player'
import { variantOf, type DeepPartial } from '../variant'

/**
 * The course player's texts.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/player.ts), which gives every other text.
 */
export const differences = {
  scorm: {
    rule: { completed: 'Se completa cuando cada parte informa de que está terminada.', passed: 'Se completa cuando cada parte informa de que está aprobada.' },
    status: { failed: 'Suspendida' },
    replaced: 'Este paquete se ha abierto de nuevo en otra ventana o dispositivo. Recarga esta página para seguir aquí.',
    saveFailed: 'Tu avance en este paquete aún no se ha podido guardar; se volverá a intentar.',
    launchFailed: 'No se ha podido abrir el paquete. Recarga la página para volver a intentarlo.',
  },
  progressLabel: 'Progreso del curso',
  remainingDays: 'Tu suscripción caduca en %{smart_count} día |||| Tu suscripción caduca en %{smart_count} días',
  empty: 'Este curso aún no tiene contenido.',
  loadError: 'No se ha podido cargar el curso.',
  blockError: 'No se ha podido cargar este bloque.',
  refused: {
    SUBSCRIPTION_EXPIRED: 'Tu suscripción a este curso ha caducado.',
    SUBSCRIPTION_REVOKED: 'Tu suscripción a este curso ha sido revocada.',
  },
  certificate: {
    ready: '¡Has completado el curso! Tu certificado está listo.',
    failed: 'No se ha podido descargar el certificado. Inténtalo de nuevo.',
    badgeFailed: 'No se ha podido descargar la insignia Open Badge. Inténtalo de nuevo.',
  },
  kinds: {
    video: 'Vídeo',
  },
  video: {
    missing: 'El vídeo de este bloque no está disponible.',
    rule: 'El vídeo cuenta como visto cuando lo hayas reproducido hasta el final.',
    unsupported: 'Tu navegador no puede reproducir este vídeo.',
  },
  form: {
    loadError: 'No se ha podido cargar la evaluación.',
    requiredScore: 'Nota mínima para aprobar',
    bestScore: 'Mejor nota',
    noAttempts: 'Aún no has hecho esta evaluación.',
    failed: 'Suspendida',
    score: 'Tu nota en este intento: %{score} %',
    resultPassed: '¡Has aprobado la evaluación!',
    resultFailed: 'No has alcanzado la nota mínima.',
    sendError: 'No se han podido enviar tus respuestas. Siguen aquí: inténtalo de nuevo.',
    alreadyPassed: 'Ya has aprobado esta evaluación.',
    startError: 'No se ha podido comenzar la evaluación. Vuelve a intentarlo.',
    offline: 'No tienes conexión: tus respuestas se guardan en este dispositivo y se enviarán cuando vuelva la conexión.',
    saveRetrying: 'Aún no se han podido guardar tus últimas respuestas. Se conservan en este dispositivo y se volverán a enviar en un momento.',
    timeUp: 'Se ha acabado el tiempo. Se están calificando tus respuestas guardadas…',
    timeUpGraded: 'Se ha acabado el tiempo: se han calificado las respuestas guardadas antes del límite.',
    closedGraded: 'Este intento ya se había cerrado (se acabó su tiempo o se envió desde otro sitio): este es el resultado de las respuestas guardadas.',
    pending: 'Pendiente de calificación: un profesor calificará tus respuestas escritas.',
    waitingGrade: 'Pendiente de calificación',
  },
  discussions: {
    loadError: 'No se ha podido cargar la discusión.',
    errors: {
      send: 'No se ha podido publicar. Tu texto sigue aquí: inténtalo de nuevo.',
      action: 'No se ha podido completar la acción. Inténtalo de nuevo.',
      stale: 'Esta publicación ha cambiado en otra parte. Recarga para ver la versión actual.',
      locked: 'Esta conversación se ha cerrado: ya no admite respuestas.',
    },
    hidden: 'El equipo del curso ha ocultado esta publicación.',
    actions: {
      reportedByMe: 'Has denunciado esta publicación',
      report: 'Denunciar',
    },
    reported: 'Denunciada %{smart_count} vez |||| Denunciada %{smart_count} veces',
    reportedTitle: 'Publicaciones denunciadas',
    showReported: 'Ver publicaciones denunciadas',
    noReported: 'No hay publicaciones denunciadas.',
  },
  assignment: {
    loadError: 'No se ha podido cargar tu entrega.',
    notSubmitted: 'Aún no has entregado esta tarea.',
    returned: 'Se te ha devuelto la tarea para que la entregues de nuevo. Lee los comentarios.',
    failed: 'Suspendida.',
    pastDue: 'La fecha de entrega ya ha pasado: la tarea ya no acepta entregas.',
    stale: 'Tu entrega ha cambiado en otra pestaña. Hemos recargado su estado; tus cambios siguen aquí.',
    sendError: 'No se ha podido enviar tu entrega. Sigue aquí: inténtalo de nuevo.',
    sent: 'Hemos recibido tu entrega.',
  },
} satisfies DeepPartial<PlayerMessages>

export const player: PlayerMessages = variantOf(mx, differences)
