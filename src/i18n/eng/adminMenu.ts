import type { AdminMenuMessages } from '../mx/adminMenu'

/** The administration entries of the shell's menus (English); the rest of the admin texts load with the admin area. */
export const adminMenu = {
  subscriptions: 'Subscriptions',
  tags: 'Tags',
  'school-cycles': 'School cycles',
  careers: 'Careers',
  'school-subjects': 'School subjects',
  audit: 'Audit log',
  migrations: 'Migrations',
} satisfies AdminMenuMessages
