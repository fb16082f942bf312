import { ra as mx, type RaMessages } from '../mx/ra'
import { variantOf, type DeepPartial } from '../variant'

/**
 * react-admin's own texts.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/ra.ts), which gives every
 * other text. What differs: añadir, volver, and the perfect tense for what just happened.
 */
export const differences = {
  ra: {
    action: {
      add_filter: 'Añadir filtro',
      add: 'Añadir',
      back: 'Volver',
      clear_input_value: 'Borrar el valor',
      move_up: 'Mover hacia arriba',
      move_down: 'Mover hacia abajo',
    },
    page: {
      error: 'Algo ha fallado',
      empty: 'Aún no hay %{name}.',
      invite: '¿Quieres añadir uno?',
    },
    message: {
      authentication_error: 'El servidor de autenticación ha devuelto un error y no se han podido comprobar tus credenciales.',
      auth_error: 'Se ha producido un error al validar el token de autenticación.',
      error: 'Se ha producido un error en el navegador y no se ha podido completar tu solicitud.',
      not_found: 'La dirección no existe: comprueba la URL o el enlace que has seguido.',
      select_all_limit_reached: 'Hay demasiados elementos para seleccionarlos todos. Solo se han seleccionado los primeros %{max}.',
      unsaved_changes: 'Algunos cambios no se han guardado. ¿Seguro que quieres descartarlos?',
      placeholder_data_warning: 'Problema de red: no se han podido actualizar los datos.',
    },
    auth: {
      sign_in_error: 'No se ha podido iniciar sesión, vuelve a intentarlo',
    },
    notification: {
      i18n_error: 'No se han podido cargar las traducciones del idioma elegido',
      logged_out: 'Tu sesión ha terminado, vuelve a iniciar sesión.',
      offline: 'Sin conexión. No se han podido obtener los datos.',
    },
    saved_queries: {
      help: 'Filtra la lista y guarda esta consulta para más tarde',
    },
    configurable: {
      inspector: {
        content: 'Pasa el ratón sobre los elementos de la interfaz para configurarlos',
      },
    },
  },
} satisfies DeepPartial<RaMessages>

export const ra: RaMessages = variantOf(mx, differences)
