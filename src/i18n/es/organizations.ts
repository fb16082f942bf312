import { organizations as mx, type OrganizationsMessages } from '../mx/organizations'
import { variantOf, type DeepPartial } from '../variant'

/**
 * The organisation managers' screen. Spain's Spanish: only the texts that differ from the Mexican
 * catalogue (../mx/organizations.ts), which gives every other text.
 */
export const differences = {
  seats: {
    heading: 'Plazas por curso',
    empty: 'Ningún administrador ha asignado todavía plazas a tu organización.',
    left: '%{left} de %{seats} plazas libres',
  },
  add: {
    heading: 'Añadir suscripción',
    submit: 'Añadir suscripción',
    done: 'Suscripción añadida: %{name} ya puede estudiar %{course}.',
    noSeats: 'No quedan plazas en ningún curso.',
  },
  person: { completed: 'Terminado el día' },
  loadError: 'No se ha podido cargar la organización.',
  report: { failed: 'No se ha podido descargar el informe.' },
} satisfies DeepPartial<OrganizationsMessages>

export const organizations: OrganizationsMessages = variantOf(mx, differences)
