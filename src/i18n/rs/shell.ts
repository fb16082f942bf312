import type { ShellMessages } from '../mx/shell'

/** Texts of the shell: layout, menus, top bar, footer, settings panel, 404 and permission pages. */
export const shell = {
  language: 'Русский',
  notFound: { title: 'Извините, страница не найдена', back: 'Вернуться на панель' },
  dashboard: { title: 'Мои курсы', empty: 'Вы ещё не подписались ни на один курс' },
} satisfies ShellMessages
