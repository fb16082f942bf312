import type { AdminMenuMessages } from '../mx/adminMenu'

/** The administration entries of the shell's menus (German); the rest of the admin texts load with the admin area. */
export const adminMenu = {
  subscriptions: 'Abonnements',
  tags: 'Schlagwörter',
  'school-cycles': 'Schulzyklen',
  careers: 'Studiengänge',
  'school-subjects': 'Schulfächer',
  audit: 'Audit-Protokoll',
  migrations: 'Migrationen',
} satisfies AdminMenuMessages
