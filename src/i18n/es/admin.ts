import { admin as mx, type AdminMessages } from '../mx/admin'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the administration screens.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/admin.ts), which gives every other text.
 * Kept in one file like the catalogue it varies, keyed the same way, so that the loaders in ../index.ts take one module per language.
 */
export const differences = {
  users: {
    fields: {
      status: 'Estado de la cuenta',
    },
    support: {
      confirm: {
        content: '%{email} podrá iniciar sesión sin introducir el código enviado por correo.',
      },
    },
    import: {
      choose: 'Seleccionar un archivo CSV',
      background: 'La importación se ejecuta en el servidor: puedes cerrar esta página y volver para seguirla.',
      statuses: {
        running: 'En marcha',
      },
    },
  },
  groups: {
    descriptions: {
      admin: 'Administración: usuarios, grupos, catálogos, suscripciones, monitorización',
      finances: 'Finanzas: ventas y gráficos de costes',
    },
  },
  subscriptions: {
    search: 'Nombre o correo del alumno, nombre del curso o un ID',
    columns: {
      id: 'ID',
    },
    detail: {
      courseId: 'ID del curso',
      blockLifted: 'El alumno ya puede volver a suscribirse al curso.',
    },
  },
  courses: {
    search: 'Buscar por nombre, palabra clave o ID',
    empty: 'Aún no hay cursos',
    general: {
      uuid: 'ID del curso',
    },
    subscriptors: {
      empty: 'Aún no se ha suscrito nadie a este curso',
      revoked: 'Se ha revocado la suscripción de %{name}.',
      add: 'Añadir alumno',
      addTitle: 'Añadir un alumno a %{course}',
      addConfirm: 'Añadir',
      noPlans: 'Este curso no ofrece ningún plan: añade uno en el constructor del curso antes de suscribir alumnos.',
      added: 'Se ha suscrito a %{name}.',
    },
  },
  catalogues: {
    fields: {
      domainHelp: 'El dominio de internet, p. ej. ejemplo.es',
      domainInvalid: 'Introduce un dominio como ejemplo.es',
    },
    links: {
      courseId: 'ID del curso',
      courseIdInvalid: 'Introduce el id del curso (un UUID)',
    },
    careers: {
      subjects: 'Asignaturas',
    },
    organizations: {
      seats: {
        title: 'Plazas por curso',
        help: 'Los gestores de la organización (el grupo %{domain}) suscriben a su gente dentro de estas plazas.',
        empty: 'Todavía no hay plazas.',
        seats: 'Plazas',
        save: 'Guardar plazas',
        saved: 'Plazas guardadas',
      },
    },
    'school-subjects': {
      title: 'Asignaturas',
      create: 'Nueva asignatura',
      edit: 'Asignatura',
      empty: 'Todavía no hay asignaturas',
    },
  },
  audit: {
    title: 'Registro de auditoría',
    actions: {
      subscriptions: {
        add: 'Suscripción añadida',
      },
    },
  },
} satisfies DeepPartial<AdminMessages>

export const admin: AdminMessages = variantOf(mx, differences)
