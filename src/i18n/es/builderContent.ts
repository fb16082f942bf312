import { builderContent as mx } from '../mx/builderContent'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the course builder's content editor (sections, blocks, forms, history) and review view.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/builderContent.ts), which gives every other text.
 */
export const differences = {
  contentEditor: {
    assignment: { addLevel: 'Añadir nivel', addCriterion: 'Añadir criterio' },
    loadError: 'No se ha podido cargar el contenido del curso.',
    empty: 'Este curso todavía no tiene secciones. Añade la primera para empezar.',
    kinds: {
      video: 'Vídeo',
    },
    section: {
      add: 'Añadir sección',
      empty: 'Esta sección no tiene bloques. Añade uno o arrastra uno aquí.',
      deleteContent: 'Se eliminarán la sección y su bloque. |||| Se eliminarán la sección y sus %{smart_count} bloques.',
      deleteEmpty: 'Se eliminará la sección.',
    },
    block: {
      add: 'Añadir bloque',
      addTo: 'Añadir bloque a «%{section}»',
      deleteContent: 'El bloque se quitará del curso. Sus versiones anteriores se conservan en el historial.',
      failed: 'No se ha guardado',
      empty: 'Este bloque todavía está vacío.',
    },
    dnd: {
      instructions:
        'Para mover, pulsa la barra espaciadora para levantar, usa las flechas arriba y abajo para cambiar de sitio, la barra espaciadora para soltar y Escape para cancelar. Para llevar un bloque a otra sección, usa su menú de acciones.',
      liftedBlock: 'Has levantado el bloque «%{title}», en la posición %{position} de %{count} de «%{section}».',
      liftedSection: 'Has levantado la sección «%{title}», en la posición %{position} de %{count}.',
      overNothing: 'Fuera de las secciones: al soltar, el bloque vuelve a su sitio.',
      droppedSame: 'Has soltado el elemento en la posición %{position} de %{count}.',
      droppedOther: 'Has soltado el bloque en «%{section}», posición %{position}.',
      cancelled: 'Movimiento cancelado. El elemento ha vuelto a la posición %{position}.',
    },
    toolbar: {
      bold: 'Negrita',
      linkTitle: 'Añadir un enlace',
    },
    fields: {
      urlHelp: 'Empieza por https:// o http://',
      videoHelp: 'Sube un vídeo MP4 o WebM, o indica la dirección del archivo de vídeo.',
    },
    preview: {
      simulationPackage: 'Paquete de simulación: los estudiantes lo verán al publicar el curso.',
      video: 'Vídeo',
    },
    validation: {
      lengthRequired: 'Indica la duración del vídeo: el progreso de los alumnos se mide con ella.',
      url: 'Escribe una dirección que empiece por http:// o https://',
      noQuestions: 'Añade al menos una pregunta.',
      noAccepted: 'Añade al menos una respuesta aceptada.',
    },
    form: {
      requiredScore: 'Nota necesaria (%)',
      addQuestion: 'Añadir pregunta',
      addOption: 'Añadir opción',
      settings: '%{tries} intentos · nota necesaria %{score} %',
      addDraw: 'Añadir una selección de un banco',
      addAccepted: 'Añadir una respuesta aceptada',
      addPair: 'Añadir una pareja',
      addItem: 'Añadir un elemento',
      drawsHint: 'Cada intento añade esta cantidad de preguntas elegidas al azar de un banco.',
      toleranceHint: 'Cuánto puede alejarse de la respuesta y seguir contando como correcta',
      weightHint: 'De 0 a 100 (1 por defecto)',
    },
    history: {
      error: 'No se ha podido cargar el historial.',
      empty: 'Este bloque todavía no tiene versiones guardadas.',
      restored: 'Versión %{version} restaurada como versión nueva.',
      restoreFailed: 'No se ha podido restaurar la versión.',
    },
    review: {
      intro: 'El curso completo, bloque a bloque, tal como está guardado. Solo lectura.',
      error: 'No se ha podido cargar el curso para revisarlo.',
      empty: 'Este curso todavía no tiene contenido.',
    },
  },
} satisfies DeepPartial<typeof mx>

export const builderContent: typeof mx = variantOf(mx, differences)
