import { adminMenu as mx, type AdminMenuMessages } from '../mx/adminMenu'
import { variantOf, type DeepPartial } from '../variant'

/**
 * The administration entries of the shell's menus (the rest of the admin texts load with the admin area).
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/adminMenu.ts), which gives every other text.
 */
export const differences = {
  'school-subjects': 'Asignaturas',
  audit: 'Registro de auditoría',
} satisfies DeepPartial<AdminMenuMessages>

export const adminMenu: AdminMenuMessages = variantOf(mx, differences)
