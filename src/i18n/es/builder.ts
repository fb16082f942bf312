import { builder as mx, type BuilderMessages } from '../mx/builder'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the course builder's screens.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/builder.ts), which gives every other text.
 */
export const differences = {
  list: {
    empty: 'Aún no tienes cursos. Crea el primero con «Nuevo curso».',
    emptyShared: 'Nadie ha compartido aún un curso contigo.',
    emptyAll: 'Aún no hay cursos.',
  },
  page: {
    loadError: 'No se ha podido cargar el curso',
    readOnly: 'Puedes ver este curso, pero no editarlo.',
  },
  saver: {
    pending: 'Cambios pendientes de guardar…',
    offline: 'Sin conexión: los cambios se conservan en esta pestaña',
    retrying: 'No se ha podido guardar; se volverá a intentar',
    refused: 'No se ha podido guardar un cambio',
    invalid: 'No se ha guardado: corrige los campos marcados',
  },
  conflict: {
    title: 'Sin guardar: el curso ha cambiado en otro sitio',
    intro:
      'Alguien (quizá tú, en otra pestaña) ha guardado este curso después de que hicieras estos cambios. No se ha enviado nada tuyo. En cada cambio, conserva el tuyo o coge la versión guardada ahora.',
    restoreIntro: 'Estos cambios se hicieron sobre una versión anterior del curso. En cada cambio, conserva el tuyo o coge la versión guardada ahora.',
    takeTheirs: 'Coger el guardado',
    takeAllTheirs: 'Coger todos los guardados',
    loadError: 'No se ha podido cargar el curso tal como está guardado.',
    missing: 'Primero elige una versión para cada cambio (quedan %{smart_count}).',
  },
  unsent: {
    summary:
      '%{smart_count} cambio, hecho %{age} sobre la revisión %{revision}. No se ha aplicado nada. |||| %{smart_count} cambios, hechos %{age} sobre la revisión %{revision}. No se ha aplicado nada.',
    summaryOld:
      '%{smart_count} cambio conservado por una versión anterior del editor. No se ha aplicado nada. |||| %{smart_count} cambios conservados por una versión anterior del editor. No se ha aplicado nada.',
    refused: 'El servidor los rechazó porque el curso había cambiado entretanto.',
    gone: 'Otra pestaña ya ha recuperado o descartado estos cambios.',
    discarded: 'Se han descartado los cambios sin enviar.',
  },
  validation: {
    invalidDuration: 'Duración no válida',
    currency: 'Escribe un código de moneda de 3 letras (ISO 4217), p. ej. EUR',
    fixBelow: 'Corrige los campos marcados; el resto de cambios se está guardando.',
    refused: 'No se ha aceptado: revisa este valor',
  },
  general: {
    status: 'Estado',
    addKeyword: 'Añadir palabra clave',
    choicesError: 'No se han podido cargar las opciones',
  },
  media: {
    presentation: 'Vídeo de presentación',
    presentationHint: 'Vídeo MP4 o WebM de hasta 500 MB',
    none: 'Aún no hay archivo',
  },
  faq: {
    intro: 'Respuestas que el alumnado ve antes de inscribirse.',
    add: 'Añadir pregunta',
    empty: 'Aún no hay preguntas.',
  },
  tags: {
    add: 'Añadir etiqueta',
    empty: 'Aún no hay etiquetas.',
  },
  plans: {
    add: 'Añadir plan',
    empty: 'Aún no hay planes.',
  },
  collaborators: {
    username: 'Usuario al que invitar',
    invited: 'Se ha invitado a %{username}',
    removed: 'Se ha quitado a %{username}',
  },
  banks: {
    add: 'Añadir un banco',
    addQuestion: 'Añadir una pregunta',
    loadError: 'No se han podido cargar los bancos de preguntas.',
    saveFailed: 'Se ha rechazado el cambio en el banco de preguntas. Vuelve a cargar la página para ver el banco tal como está guardado.',
  },
  publish: {
    intro:
      'Valida el curso: todos los puntos de la lista deben cumplirse. Después publícalo; el alumnado sigue con la versión publicada mientras editas el borrador.',
    checklist: 'Lista de comprobación',
    someFailed: 'Falta %{smart_count} punto |||| Faltan %{smart_count} puntos',
    never: 'Este curso aún no se ha publicado.',
    items: {
      forms: 'Formularios con preguntas, respuestas correctas y puntuación alcanzable',
    },
    details: {
      content: 'Añade una sección con al menos un bloque.',
      plan: 'Añade un plan de suscripción.',
    },
    problems: {
      noVideo: 'no tiene vídeo',
      videoLengthUnknown: 'no tiene una duración conocida: vuelve a subir el vídeo',
      scoreUnreachable: 'pide una puntuación mínima que no se puede alcanzar',
    },
  },
  gradebook: {
    downloadFailed: 'No se ha podido descargar el archivo. Inténtalo de nuevo.',
    moreFailed: 'No se han podido cargar más filas. Inténtalo de nuevo.',
    noLearners: 'Aún no se ha inscrito nadie en este curso.',
  },
  grading: {
    loadError: 'No se han podido cargar las entregas.',
    gradedFailed: 'Calificada: %{points} de %{max} puntos (%{score} %), suspendida.',
    conflict: 'Otra persona ha cambiado esta entrega mientras la veías. Recárgala para ver su estado actual.',
    saveError: 'No se ha podido guardar. Tu calificación sigue aquí: inténtalo de nuevo.',
    queues: {
      label: 'Qué corregir',
    },
    essays: {
      intro:
        'Las respuestas de desarrollo de las evaluaciones enviadas que esperan nota, de la más antigua a la más reciente. Abre una para ponerle puntos y comentarios.',
      loadError: 'No se han podido cargar los ensayos.',
      empty: 'No hay ensayos pendientes de nota.',
      noAnswer: 'El alumno no ha escrito nada.',
      conflict: 'Otra persona ha calificado este ensayo antes. Se ha recargado la lista; tus puntos y comentarios siguen aquí.',
      invalid: 'El servidor no ha aceptado la calificación: los puntos van de 0 a %{max} y los comentarios tienen un límite de longitud.',
      saveError: 'No se ha podido guardar. Tu calificación sigue aquí: inténtalo de nuevo.',
      attemptPassed: 'La evaluación ha quedado calificada: %{score} %, aprobada.',
      attemptFailed: 'La evaluación ha quedado calificada: %{score} %, suspendida.',
    },
  },
} satisfies DeepPartial<BuilderMessages>

export const builder: BuilderMessages = variantOf(mx, differences)
