import type { AdminMenuMessages } from '../mx/adminMenu'

/** The administration entries of the shell's menus (Russian); the rest of the admin texts load with the admin area. */
export const adminMenu = {
  subscriptions: 'Подписки',
  tags: 'Теги',
  'school-cycles': 'Учебные циклы',
  careers: 'Специальности',
  'school-subjects': 'Предметы',
  audit: 'Журнал аудита',
  migrations: 'Миграции',
} satisfies AdminMenuMessages
