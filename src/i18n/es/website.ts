import { website as mx, type WebsiteMessages } from '../mx/website'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the website editors.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/website.ts), which gives every other text.
 */
export const differences = {
  sites: {
    add: 'Añadir sitio',
    saved: 'Sitio guardado correctamente',
  },
  carousel: {
    add: 'Añadir diapositiva',
    empty: 'Este sitio todavía no tiene diapositivas. Mientras tanto, la pantalla de acceso muestra los tres lemas.',
  },
  editor: {
    translate: 'Añadir traducción: %{language}',
    conflictText: 'Desde que la abriste se ha guardado otra versión. Puedes cargar la versión guardada (perderás tus cambios) o guardar la tuya encima.',
  },
  lists: {
    conflictText:
      'Desde que la abriste se ha guardado otra versión de la lista. Puedes cargar la lista guardada (perderás tus cambios) o guardar la tuya encima.',
  },
  featured: {
    empty: 'Este sitio todavía no destaca ningún curso. Añade uno con el buscador.',
    add: 'Añadir un curso',
  },
  siteCareers: {
    empty: 'Este sitio todavía no muestra ninguna carrera. Añade una con el buscador.',
    add: 'Añadir una carrera',
    cycles: '%{smart_count} ciclo lectivo |||| %{smart_count} ciclos lectivos',
    subjects: '%{smart_count} asignatura |||| %{smart_count} asignaturas',
  },
  analytics: {
    title: 'Analítica de la web',
    privacy: 'Las visitas se cuentan sin cookies ni datos personales de ningún tipo.',
    perDay: 'Visitas por día',
    referrers: 'De dónde vienen',
  },
} satisfies DeepPartial<WebsiteMessages>

export const website: WebsiteMessages = variantOf(mx, differences)
