import type { FormValues } from '../../contracts/courses/content.js'
import type { FaqItem } from '../../contracts/courses/creator.js'

/**
 * The demo catalogue, in Spanish (the platform's default language): short courses a new learner of the
 * studies centre can really use. Files are named by `asset`; seed/index.ts makes and stores them.
 */

export type Asset =
  | { make: 'cover'; motif: 'compass' | 'stack'; from: string; to: string }
  | { make: 'forgetting-curve' }
  | { make: 'steps-diagram' }
  | { make: 'certificate-template' }
  | { make: 'first-week-checklist' }
  | { make: 'spaced-review-planner' }
  | { make: 'weekly-planner' }
  | { make: 'forgetting-simulator' }
  | { make: 'clip'; animation: 'steps' | 'pomodoro' }

export type DemoBlock =
  /** `withoutVideo`: the text to use instead when the section's video could not be made (null: leave the block out). */
  | { kind: 'text'; title: string; html: string; withoutVideo?: string | null }
  | { kind: 'image'; title: string; alt: string; file: string; asset: Asset }
  | { kind: 'attachment'; title: string; file: string; asset: Asset }
  | { kind: 'link'; title: string; url: string }
  | { kind: 'simulation'; title: string; file: string; asset: Asset }
  /** Left out, with `withoutVideo` added to the section's first text, when no clip can be made. */
  | { kind: 'video'; title: string; file: string; asset: Asset; withoutVideo: string }
  | ({ kind: 'form'; title: string } & Omit<FormValues, 'title' | 'required'>)

export interface DemoCourse {
  name: string
  briefDescription: string
  description: string
  requirements: string
  certificateDetails: string
  durationHours: number
  /** Difficulty by level on the scale of migration 0009 (1 = the easiest). */
  difficultyLevel: number
  category: { name: string; description: string }
  keywords: string[]
  tags: string[]
  faq: FaqItem[]
  cover: Asset
  plan: { name: string; durationDays: number }
  sections: Array<{ title: string; description: string; blocks: DemoBlock[] }>
}

const TEMPLATE: Asset = { make: 'certificate-template' }

export const DEMO_COURSES: DemoCourse[] = [
  {
    name: 'Bienvenida al centro de estudios',
    briefDescription: 'Todo lo que necesitas para empezar: cómo funciona la plataforma, cómo organizar tu primera semana y cómo obtener tus certificados.',
    description:
      '<p>Este curso de orientación te acompaña en tus primeros días en el centro. En menos de una hora sabrás elegir y seguir un curso, organizar tu tiempo de estudio y conseguir tus certificados.</p><p>Al final encontrarás una breve evaluación: apruébala para recibir tu primer certificado.</p>',
    requirements: '<p>Ninguno. Solo necesitas tu cuenta del centro y un navegador actualizado.</p>',
    certificateDetails: 'Acredita que has completado la orientación inicial del centro de estudios.',
    durationHours: 1,
    difficultyLevel: 1,
    category: { name: 'Orientación', description: 'Cursos de acogida y orientación para el alumnado del centro.' },
    keywords: ['orientación', 'bienvenida', 'primeros pasos', 'plataforma'],
    tags: ['Orientación', 'Primeros pasos'],
    faq: [
      { id: 'faq-1', question: '¿Cuánto cuesta este curso?', answer: 'Nada: tiene un plan gratuito de 30 días, tiempo de sobra para completarlo.' },
      {
        id: 'faq-2',
        question: '¿Puedo dejarlo a medias y seguir otro día?',
        answer: 'Sí. La plataforma recuerda el último bloque que abriste, también desde otro dispositivo.',
      },
      { id: 'faq-3', question: '¿Qué pasa si no apruebo la evaluación?', answer: 'Tienes tres intentos. Repasa las secciones antes de volver a intentarlo.' },
    ],
    cover: { make: 'cover', motif: 'compass', from: '#457b9d', to: '#1d3557' },
    plan: { name: 'Acceso gratuito', durationDays: 30 },
    sections: [
      {
        title: 'Cómo funciona la plataforma',
        description: 'Los cuatro pasos para estudiar un curso, de la suscripción al certificado.',
        blocks: [
          {
            kind: 'text',
            title: 'Te damos la bienvenida',
            html: '<h2>Te damos la bienvenida</h2><p>La plataforma del centro reúne todos los cursos que puedes estudiar a tu ritmo. Cada curso se divide en <strong>secciones</strong>, y cada sección en <strong>bloques</strong>: textos, imágenes, vídeos, documentos para descargar, simulaciones interactivas, enlaces y evaluaciones.</p><ul><li>En el <strong>catálogo</strong> buscas cursos por nombre, categoría o dificultad.</li><li>Con un <strong>plan</strong> te suscribes; muchos cursos tienen un plan gratuito.</li><li>El <strong>reproductor</strong> te lleva bloque a bloque y guarda tu progreso; un vídeo cuenta como visto cuando llegas casi al final, no solo al abrirlo.</li><li>Cuando completas todos los bloques y apruebas las evaluaciones, recibes tu <strong>certificado</strong> al momento.</li></ul>',
          },
          {
            kind: 'image',
            title: 'Los cuatro pasos',
            alt: 'Diagrama de cuatro pasos: 1, elige un curso en el catálogo; 2, suscríbete con un plan gratuito; 3, estudia bloque a bloque; 4, aprueba y obtén tu certificado.',
            file: 'cuatro-pasos.svg',
            asset: { make: 'steps-diagram' },
          },
          {
            kind: 'video',
            title: 'Tu progreso, paso a paso',
            file: 'progreso-paso-a-paso.webm',
            asset: { make: 'clip', animation: 'steps' },
            withoutVideo: '<p><em>Este curso de demostración se creó sin su vídeo breve, porque el servidor no tenía ffmpeg para generarlo.</em></p>',
          },
          {
            kind: 'text',
            title: 'Lo que muestra el vídeo',
            html: '<p>En el vídeo, cada círculo se ilumina cuando completas un paso y la barra inferior se llena como la barra de progreso de tus cursos. Un vídeo cuenta como visto cuando llegas casi al final (el 95 %), no solo al abrirlo.</p>',
            withoutVideo: null,
          },
        ],
      },
      {
        title: 'Organiza tu primera semana',
        description: 'Herramientas para empezar con buen pie.',
        blocks: [
          {
            kind: 'text',
            title: 'Un plan sencillo',
            html: '<p>Estudiar un poco varias veces por semana funciona mejor que una sesión larga el domingo. Fija dos o tres momentos, elige un lugar tranquilo y decide de antemano qué bloque vas a estudiar.</p><p>Usa el planificador para ver cómo repartir tus horas y descarga la lista de la primera semana.</p>',
          },
          { kind: 'simulation', title: 'Planificador de la semana', file: 'planificador-semana.html', asset: { make: 'weekly-planner' } },
          { kind: 'attachment', title: 'Lista de la primera semana (PDF)', file: 'lista-primera-semana.pdf', asset: { make: 'first-week-checklist' } },
          { kind: 'link', title: 'Educación a distancia (Wikipedia)', url: 'https://es.wikipedia.org/wiki/Educaci%C3%B3n_a_distancia' },
        ],
      },
      {
        title: 'Comprueba lo aprendido',
        description: 'Una evaluación breve: necesitas un 70 % para aprobar.',
        blocks: [
          {
            kind: 'form',
            title: 'Evaluación de la orientación',
            name: 'Evaluación de la orientación',
            tries: 3,
            requiredScore: 70,
            questions: [
              {
                id: 'q1',
                type: 'single',
                text: '¿Qué necesitas para abrir un curso en el reproductor?',
                options: [
                  { id: 'a', text: 'Una suscripción activa al curso', correct: true },
                  { id: 'b', text: 'Haber aprobado otro curso antes', correct: false },
                  { id: 'c', text: 'Nada: todos los cursos están abiertos', correct: false },
                ],
              },
              {
                id: 'q2',
                type: 'multiple',
                text: '¿Qué tipos de bloque puede tener un curso? Marca todos los correctos.',
                options: [
                  { id: 'a', text: 'Vídeos', correct: true },
                  { id: 'b', text: 'Simulaciones interactivas', correct: true },
                  { id: 'c', text: 'Evaluaciones', correct: true },
                  { id: 'd', text: 'Llamadas telefónicas', correct: false },
                ],
              },
              {
                id: 'q3',
                type: 'boolean',
                text: 'Un vídeo cuenta como completado en cuanto abres su página.',
                options: [
                  { id: 'true', text: 'Verdadero', correct: false },
                  { id: 'false', text: 'Falso', correct: true },
                ],
              },
              {
                id: 'q4',
                type: 'single',
                text: '¿Cuándo recibes el certificado de un curso?',
                options: [
                  { id: 'a', text: 'Al día siguiente de terminar', correct: false },
                  { id: 'b', text: 'En cuanto completas los bloques y apruebas las evaluaciones', correct: true },
                  { id: 'c', text: 'Cuando lo pide tu profesor', correct: false },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Técnicas de estudio eficaces',
    briefDescription: 'Aprende a estudiar menos horas y recordar más: recuperación activa, repaso espaciado y la técnica Pomodoro.',
    description:
      '<p>Releer y subrayar dan sensación de progreso, pero se olvida pronto. En este curso practicarás tres técnicas con buena base en la investigación sobre el aprendizaje: la <strong>recuperación activa</strong>, el <strong>repaso espaciado</strong> y la <strong>gestión del tiempo con Pomodoro</strong>.</p>',
    requirements: '<p>Ninguno. Ten a mano los apuntes de alguna asignatura para practicar.</p>',
    certificateDetails: 'Acredita el conocimiento de técnicas de estudio basadas en la recuperación activa y el repaso espaciado.',
    durationHours: 2,
    difficultyLevel: 2,
    category: { name: 'Técnicas de estudio', description: 'Cursos para aprender a aprender: organización, memoria y concentración.' },
    keywords: ['estudio', 'memoria', 'repaso espaciado', 'pomodoro', 'concentración'],
    tags: ['Aprender a aprender', 'Productividad'],
    faq: [
      {
        id: 'faq-1',
        question: '¿Sirve para cualquier asignatura?',
        answer: 'Sí. Las técnicas se aplican a cualquier contenido que tengas que comprender y recordar.',
      },
      { id: 'faq-2', question: '¿Cuánto tiempo necesito?', answer: 'Unas dos horas, repartidas como prefieras durante los 30 días del plan gratuito.' },
    ],
    cover: { make: 'cover', motif: 'stack', from: '#2a9d8f', to: '#264653' },
    plan: { name: 'Acceso gratuito', durationDays: 30 },
    sections: [
      {
        title: 'Recordar más con menos esfuerzo',
        description: 'Por qué olvidamos y cómo evitarlo.',
        blocks: [
          {
            kind: 'text',
            title: 'La recuperación activa',
            html: '<h2>Recuperar es aprender</h2><p>Cada vez que intentas recordar algo <strong>sin mirar</strong> tus apuntes, refuerzas ese recuerdo mucho más que al releerlo. Por eso es eficaz:</p><ol><li>Cerrar el libro y escribir lo que recuerdas de la lección.</li><li>Responder preguntas o tarjetas de memoria antes de consultar la respuesta.</li><li>Explicar el tema en voz alta, como si se lo contaras a otra persona.</li></ol><p>Al principio cuesta más que releer: ese esfuerzo es precisamente lo que fija el recuerdo.</p>',
          },
          {
            kind: 'image',
            title: 'La curva del olvido',
            alt: 'Gráfico del recuerdo a lo largo de 30 días. La curva gris, sin repasos, cae con rapidez en los primeros días. La curva verde sube de nuevo en cada repaso, en los días 1, 3, 7 y 16, y cada vez cae más despacio.',
            file: 'curva-del-olvido.png',
            asset: { make: 'forgetting-curve' },
          },
          {
            kind: 'text',
            title: 'El repaso espaciado',
            html: '<p>Sin repasar, olvidamos gran parte de una lección en pocos días. Si la repasamos <strong>al día siguiente, a los 3 días, a la semana y a las dos semanas</strong>, cada repaso devuelve el recuerdo y la caída siguiente es más lenta. Pruébalo en el simulador de la sección siguiente.</p>',
          },
        ],
      },
      {
        title: 'Practica',
        description: 'Un simulador, una plantilla para tus repasos y la técnica Pomodoro.',
        blocks: [
          { kind: 'simulation', title: 'Simulador de la curva del olvido', file: 'simulador-curva-olvido.html', asset: { make: 'forgetting-simulator' } },
          {
            kind: 'attachment',
            title: 'Plantilla de repaso espaciado (PDF)',
            file: 'plantilla-repaso-espaciado.pdf',
            asset: { make: 'spaced-review-planner' },
          },
          {
            kind: 'video',
            title: 'Un ciclo Pomodoro',
            file: 'ciclo-pomodoro.webm',
            asset: { make: 'clip', animation: 'pomodoro' },
            withoutVideo:
              '<p><em>Este curso de demostración se creó sin su vídeo del ciclo Pomodoro, porque el servidor no tenía ffmpeg para generarlo.</em></p>',
          },
          {
            kind: 'text',
            title: 'La técnica Pomodoro',
            html: '<p>La técnica Pomodoro alterna <strong>25 minutos de concentración</strong> con <strong>5 minutos de descanso</strong>; tras cuatro bloques, toma un descanso largo de 15 a 30 minutos. En el vídeo, el rojo son los bloques de trabajo, el verde los descansos breves y el azul el descanso largo.</p><p>Durante cada bloque, silencia el móvil y trabaja en una sola tarea.</p>',
            withoutVideo:
              '<p>La técnica Pomodoro alterna <strong>25 minutos de concentración</strong> con <strong>5 minutos de descanso</strong>; tras cuatro bloques, toma un descanso largo de 15 a 30 minutos.</p><p>Durante cada bloque, silencia el móvil y trabaja en una sola tarea.</p>',
          },
          { kind: 'link', title: 'Repaso espaciado (Wikipedia)', url: 'https://es.wikipedia.org/wiki/Repaso_espaciado' },
        ],
      },
      {
        title: 'Evaluación final',
        description: 'Cuatro preguntas: necesitas un 70 % para aprobar.',
        blocks: [
          {
            kind: 'form',
            title: 'Evaluación de técnicas de estudio',
            name: 'Evaluación de técnicas de estudio',
            tries: 3,
            requiredScore: 70,
            questions: [
              {
                id: 'q1',
                type: 'single',
                text: '¿Qué técnica refuerza más un recuerdo?',
                options: [
                  { id: 'a', text: 'Releer la lección varias veces', correct: false },
                  { id: 'b', text: 'Intentar recordarla sin mirar los apuntes', correct: true },
                  { id: 'c', text: 'Subrayar las ideas principales', correct: false },
                ],
              },
              {
                id: 'q2',
                type: 'multiple',
                text: '¿Cuáles son buenos momentos para repasar una lección estudiada hoy? Marca todos los correctos.',
                options: [
                  { id: 'a', text: 'Mañana', correct: true },
                  { id: 'b', text: 'Dentro de una semana', correct: true },
                  { id: 'c', text: 'Solo la noche antes del examen', correct: false },
                ],
              },
              {
                id: 'q3',
                type: 'boolean',
                text: 'En la técnica Pomodoro, tras cuatro bloques de trabajo se toma un descanso largo.',
                options: [
                  { id: 'true', text: 'Verdadero', correct: true },
                  { id: 'false', text: 'Falso', correct: false },
                ],
              },
              {
                id: 'q4',
                type: 'single',
                text: '¿Cuánto dura un bloque de concentración en la técnica Pomodoro?',
                options: [
                  { id: 'a', text: '10 minutos', correct: false },
                  { id: 'b', text: '25 minutos', correct: true },
                  { id: 'c', text: '90 minutos', correct: false },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]

export { TEMPLATE as CERTIFICATE_TEMPLATE }
