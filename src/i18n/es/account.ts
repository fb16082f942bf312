import { account as mx, type AccountMessages } from '../mx/account'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the account screens (sign-in journeys), the settings panes and the dashboard.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/account.ts), which gives every other text.
 */
export const differences = {
  carousel: {
    slide1: {
      title: 'La educación centrada en el profesorado',
    },
    slide2: {
      text: 'Cursos nacidos de la investigación y probados en el aula.',
    },
    slide3: {
      text: 'Aprende haciendo: cada tema acaba en una actividad práctica.',
    },
  },
  fields: {
    confirmPassword: 'Confirma la nueva contraseña',
  },
  login: {
    subtitle: 'Accede para continuar con tus cursos.',
    forgot: '¿Has olvidado tu contraseña?',
    noAccount: '¿No tienes cuenta?',
    success: 'Sesión iniciada correctamente, redirigiendo ...',
  },
  register: {
    title: 'Crear una cuenta',
    haveAccount: '¿Ya tienes cuenta?',
    success: 'Usuario registrado correctamente',
  },
  confirm: {
    sentTo: 'Hemos enviado un código de confirmación a',
  },
  forgot: {
    title: 'Recuperar la contraseña',
    subtitle: 'Escribe tu correo y te enviaremos un código para restablecer la contraseña.',
    codeSent: 'Introduce el código que te hemos enviado por correo electrónico',
  },
  complete: {
    title: 'Completa el registro',
  },
  validation: {
    email: 'Introduce tu correo electrónico',
    password: 'Introduce tu contraseña',
    name: 'Introduce tu nombre',
    terms: 'Acepta las condiciones',
    code: 'Introduce el código',
    newPassword: 'Introduce tu nueva contraseña',
    confirmationCode: 'Introduce tu código de confirmación',
    userName: 'Introduce tu nombre de usuario',
    currentPassword: 'Introduce tu contraseña actual',
    confirmPassword: 'Confirma tu nueva contraseña',
    emailFormat: 'Introduce un correo electrónico válido, por ejemplo nombre@ejemplo.org',
    tooShort: 'La contraseña es demasiado corta, debe tener como mínimo %{min} caracteres.',
  },
  policy: {
    summary: 'La contraseña debe tener como mínimo %{min} caracteres',
    summaryWith: 'La contraseña debe tener como mínimo %{min} caracteres e incluir: %{parts}.',
  },
  errors: {
    attemptsExceeded: 'Demasiados intentos; el acceso está bloqueado durante un tiempo.',
    codeMismatch: 'Código de verificación no válido, inténtalo de nuevo.',
    expiredCode: 'Código no válido, solicita un código nuevo.',
    limitExceeded: 'Se ha superado el límite de intentos, inténtalo más tarde.',
    temporaryExpired: 'La contraseña temporal ha caducado y debe restablecerla un administrador.',
    dailyEmailLimit: 'Se ha superado el límite diario de correos. Inténtalo mañana.',
    disabled: 'El usuario está desactivado.',
    noSession: 'Tienes que cerrar sesión y volver a iniciarla',
    configUnavailable: 'No se puede contactar con el servicio de cuentas. Inténtalo de nuevo en un momento.',
    wrongCurrentPassword: 'La contraseña actual no es correcta.',
    passwordResetRequired: 'Debes restablecer tu contraseña: usa «¿Has olvidado tu contraseña?».',
    codeDelivery: 'No hemos podido enviar el mensaje. Inténtalo más tarde.',
  },
  http: {
    unauthorizedDetail: 'Parece que tu sesión ha caducado; cierra sesión y vuelve a iniciarla para acceder al recurso',
    conflict: 'Operación no válida',
    tooManyDetail: 'Espera %{smart_count} segundo y vuelve a intentarlo. |||| Espera %{smart_count} segundos y vuelve a intentarlo.',
    tooManyLater: 'Espera un momento y vuelve a intentarlo.',
    network: 'Error de red o error en el servidor',
  },
  settings: {
    title: 'Ajustes',
    panes: {
      emails: 'Correos electrónicos',
      label: 'Secciones de los ajustes',
    },
    profile: {
      success: '¡Tu perfil se ha actualizado!',
      note: 'Tienes que cerrar sesión y volver a iniciarla para ver los cambios',
    },
    subscriptions: {
      expired: 'Caducada',
      expires: 'Caduca el %{date}',
      empty: 'No hay suscripciones vinculadas a la cuenta',
      receipt: 'Justificante',
      receiptOf: 'Descargar el justificante de %{course}',
      receiptFailed: 'No se ha podido descargar el justificante',
    },
    security: {
      success: 'Tu contraseña se ha cambiado.',
    },
    devices: {
      lastIp: 'Última IP utilizada',
      empty: 'No hay elementos en esta sección',
    },
    emails: {
      expiryRemindersHelp: 'Un correo unos días antes de que caduque cada suscripción, con tu progreso y un enlace para renovarla.',
      weeklyDigest: 'Resumen semanal de tu progreso',
    },
    support: {
      password: 'Cambiar la contraseña',
      passwordText: 'Elige una nueva en la sección Seguridad. Si has olvidado la actual, cierra sesión y usa «¿Has olvidado tu contraseña?».',
      globalLogoutText: 'Cierra todas tus sesiones si has perdido un dispositivo o sospechas de un acceso ajeno.',
      contact: 'Para escribir al equipo de soporte, utiliza',
      reference: 'Indica en tu mensaje tu identificador de cuenta:',
      noContact: 'Este sitio no tiene configurada una dirección de soporte. Si necesitas ayuda, pregunta a tu profesor o a la secretaría del centro.',
    },
  },
  dashboard: {
    empty: 'Todavía no te has suscrito a ningún curso',
  },
} satisfies DeepPartial<AccountMessages>

export const account: AccountMessages = variantOf(mx, differences)
