import type { ShellMessages } from '../mx/shell'

/** Texts of the shell: layout, menus, top bar, footer, settings panel, 404 and permission pages. */
export const shell = {
  language: 'Deutsch',
  notFound: { title: 'Entschuldigung, Seite nicht gefunden', back: 'Zurück zum Dashboard' },
  dashboard: { title: 'Meine Kurse', empty: 'Sie haben noch keinen Kurs abonniert' },
} satisfies ShellMessages
