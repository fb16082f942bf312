/** The organisation managers' screen (`/admin/{host}`), in `aula.organizations`; it downloads with its area. */
export const organizations = {
  title: 'Organización %{name}',
  intro: 'Las personas con correo de %{domain}: sus suscripciones, su avance y sus certificados.',
  loadError: 'No se pudo cargar la organización.',
  retry: 'Reintentar',
  seats: {
    heading: 'Lugares por curso',
    empty: 'Un administrador todavía no asignó lugares a tu organización.',
    left: '%{left} de %{seats} lugares libres',
  },
  people: {
    heading: 'Personas',
    search: 'Buscar por nombre o correo',
    empty: 'Nadie con correo de esta organización tiene cuenta todavía.',
    noMatch: 'Nadie coincide con la búsqueda.',
    name: 'Nombre',
    email: 'Correo',
    next: 'Página siguiente',
    previous: 'Página anterior',
    total: 'Personas encontradas: %{count}',
  },
  person: {
    heading: 'Cursos de %{name}',
    close: 'Cerrar',
    empty: 'Sin suscripciones todavía.',
    course: 'Curso',
    status: 'Suscripción',
    progress: 'Avance',
    completed: 'Terminado el',
    certificate: 'Certificado',
    none: '—',
  },
  status: { active: 'Activa', expired: 'Vencida', revoked: 'Revocada' },
  add: {
    heading: 'Agregar suscripción',
    course: 'Curso',
    plan: 'Plan',
    submit: 'Agregar suscripción',
    done: 'Suscripción agregada: %{name} ya puede estudiar %{course}.',
    option: '%{course} (%{left} libres)',
    noSeats: 'No quedan lugares en ningún curso.',
  },
  report: { download: 'Descargar informe CSV', failed: 'No se pudo descargar el informe.' },
}

export type OrganizationsMessages = typeof organizations
