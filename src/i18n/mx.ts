import englishMessages from 'ra-language-english'

/** The default catalogue (Spanish, code mx): its shape is the type every other catalogue must satisfy. */
export const mx = {
  ...englishMessages,
  aula: {
    language: 'Español',
    notFound: { title: 'Lo sentimos, página no encontrada', back: 'Volver al panel' },
    dashboard: { title: 'Mis cursos', empty: 'Aún no te has suscrito a ningún curso' },
  },
}

export type Messages = typeof mx
