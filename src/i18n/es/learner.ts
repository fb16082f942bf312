import { learner as mx, type LearnerMessages } from '../mx/learner'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the learner area: catalogue, course overview, dashboard cards and certificate verification.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/learner.ts), which gives every other text.
 */
export const differences = {
  catalogue: {
    emptyAll: 'Todavía no hay cursos publicados',
  },
  overview: {
    presentation: 'Vídeo de presentación',
    noPlans: 'Este curso todavía no ofrece planes de suscripción',
    active: 'Suscripción activa: queda %{smart_count} día |||| Suscripción activa: quedan %{smart_count} días',
    expired: 'Tu suscripción caducó el %{date}. Suscríbete de nuevo para continuar.',
    revoked: 'Tu suscripción ha sido revocada. Suscríbete de nuevo o contacta con soporte.',
    blocked: 'Un administrador ha revocado tu acceso a este curso. Escribe a %{email} para que lo restablezcan.',
    blockedNoEmail: 'Un administrador ha revocado tu acceso a este curso. Pide a tu profesor o a la secretaría del centro que lo restablezcan.',
    start: 'Empezar o continuar el curso',
    buyFailed: 'No se ha podido abrir la página de pago. Inténtalo de nuevo dentro de un momento.',
    howToBuyNoEmail: 'Para comprar un plan de pago, pregunta a tu profesor o a la secretaría del centro.',
    paymentSlow: 'Hemos recibido tu pago, pero la suscripción todavía no aparece. Vuelve a cargar la página más tarde o contacta con soporte.',
    paymentCancelled: 'Has cancelado el pago: no se te ha cobrado nada.',
  },
  dashboard: {
    downloadFailed: 'No se ha podido descargar el certificado. Inténtalo de nuevo.',
    badgeFailed: 'No se ha podido descargar la insignia Open Badge. Inténtalo de nuevo.',
  },
  verify: {
    unknownDetail: 'No existe ningún certificado con el código %{code}. Comprueba que lo has escrito tal como aparece en el certificado.',
    badgeChecked: 'Su credencial Open Badges se ha comprobado en este navegador con la clave pública del emisor y no figura como revocada.',
    badgeInvalid: 'No se ha podido comprobar su credencial Open Badges: la firma o la lista de estado no coinciden.',
  },
  progress: {
    nothingLeft: 'Ya lo has completado todo: el certificado se emitirá en cuanto se registre tu último paso.',
  },
} satisfies DeepPartial<LearnerMessages>

export const learner: LearnerMessages = variantOf(mx, differences)
