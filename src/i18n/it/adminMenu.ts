import type { AdminMenuMessages } from '../mx/adminMenu'

/** The administration entries of the shell's menus (Italian); the rest of the admin texts load with the admin area. */
export const adminMenu = {
  subscriptions: 'Iscrizioni',
  tags: 'Tag',
  'school-cycles': 'Cicli scolastici',
  careers: 'Corsi di laurea',
  'school-subjects': 'Materie',
  audit: 'Registro di audit',
  migrations: 'Migrazioni',
} satisfies AdminMenuMessages
