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
} satisfies DeepPartial<WebsiteMessages>

export const website: WebsiteMessages = variantOf(mx, differences)
