import type { AdminMenuMessages } from '../mx/adminMenu'

/** The administration entries of the shell's menus (Spanish, Spain); the rest of the admin texts load with the admin area. */
export const adminMenu = {
  subscriptions: 'Suscripciones',
  tags: 'Etiquetas',
  'school-cycles': 'Ciclos escolares',
  careers: 'Carreras',
  'school-subjects': 'Asignaturas',
  audit: 'Registro de auditoría',
  migrations: 'Migraciones',
} satisfies AdminMenuMessages
