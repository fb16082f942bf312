/** The administration entries of the shell's menus (Spanish, Mexico); the rest of the admin texts load with the admin area. */
export const adminMenu = {
  subscriptions: 'Suscripciones',
  tags: 'Etiquetas',
  'school-cycles': 'Ciclos escolares',
  careers: 'Carreras',
  'school-subjects': 'Materias',
  audit: 'Bitácora de auditoría',
  migrations: 'Migraciones',
}

export type AdminMenuMessages = typeof adminMenu
