import type { ShellMessages } from '../mx/shell'

/** Texts of the shell: layout, menus, top bar, footer, settings panel, 404 and permission pages. */
export const shell = {
  language: 'English',
  notFound: { title: 'Sorry, page not found', back: 'Back to Dashboard' },
  dashboard: { title: 'My courses', empty: "You haven't subscribed to any course yet" },
} satisfies ShellMessages
