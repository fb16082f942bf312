import type { ShellMessages } from '../mx/shell'

/** Texts of the shell: layout, menus, top bar, footer, settings panel, 404 and permission pages. */
export const shell = {
  language: 'Italiano',
  notFound: { title: 'Spiacenti, pagina non trovata', back: 'Torna alla dashboard' },
  dashboard: { title: 'I miei corsi', empty: 'Non sei ancora iscritto a nessun corso' },
} satisfies ShellMessages
