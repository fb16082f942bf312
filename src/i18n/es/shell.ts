import { shell as mx, type ShellMessages } from '../mx/shell'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the shell: layout, menus, top bar, footer, settings panel, 404 and permission pages.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/shell.ts), which gives every other text.
 */
export const differences = {
  language: 'Español (España)',
  permissionDenied: {
    message: 'Tu cuenta no pertenece a ningún grupo que pueda abrir esta página. Si la necesitas, pide acceso a un administrador.',
  },
  menu: {
    management: {
      title: 'Gestión',
    },
    website: {
      careers: 'Titulaciones',
    },
  },
  topbar: {
    fullscreenExit: 'Salir de la pantalla completa',
  },
  apps: {
    video: 'Canal de vídeo',
    shortVideo: 'Vídeos cortos',
  },
  cookies: {
    message: 'Aula utiliza cookies para mantener tu sesión abierta y recordar tus preferencias.',
  },
  error: {
    title: 'Algo ha fallado en esta página',
    retry: 'Volver a intentarlo',
  },
  layoutSettings: {
    close: 'Cerrar los ajustes de diseño',
    width: 'Anchura',
    preloader: 'Mostrar una pantalla de carga al abrir la aplicación',
    sidebarNote: 'Las opciones de la barra lateral se aplican al diseño vertical.',
    coloredNote: 'La barra superior en color solo está disponible en el diseño horizontal.',
    widths: {
      fluid: 'Fluida',
    },
    topbarThemes: {
      colored: 'En color',
    },
    sidebarTypes: {
      icon: 'Solo iconos',
    },
    sidebarThemes: {
      colored: 'En color',
      ladylip: 'Pintalabios',
    },
  },
  upload: {
    replace: 'Sustituir archivo',
    accepted: 'Tipos admitidos: %{types}',
    done: 'Se ha subido %{name}.',
    cancelled: 'Se ha cancelado la subida de %{name}.',
    wrongType: 'Aquí no se admite este tipo de archivo. Tipos admitidos: %{types}',
    oneFile: 'Suelta un solo archivo cada vez.',
  },
} satisfies DeepPartial<ShellMessages>

export const shell: ShellMessages = variantOf(mx, differences)
