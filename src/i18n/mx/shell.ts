/** Texts of the shell: layout, menus, top bar, footer, settings panel, 404 and permission pages. */
export const shell = {
  language: 'Español',
  notFound: { title: 'Lo sentimos, página no encontrada', back: 'Volver al panel' },
  dashboard: { title: 'Mis cursos', empty: 'Aún no te has suscrito a ningún curso' },
}

export type ShellMessages = typeof shell
