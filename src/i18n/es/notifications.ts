import { notifications as mx } from '../mx/notifications'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of notifications. Spain's Spanish: only the texts that differ from the Mexican catalogue
 * (../mx/notifications.ts), which gives every other text.
 */
export const differences = {
  kinds: {
    'expiry-soon': 'Tu suscripción caduca pronto',
    'discussion-mention': 'Te han mencionado en una discusión',
  },
  texts: {
    'assignment-graded': 'Se ha calificado tu tarea «%{assignment}» del curso «%{course}»: %{score} %.',
    'assignment-returned': 'Se te ha devuelto la tarea «%{assignment}» del curso «%{course}» para que la entregues de nuevo.',
    'expiry-soon': 'Tu suscripción al curso «%{course}» caduca en %{smart_count} día. |||| Tu suscripción al curso «%{course}» caduca en %{smart_count} días.',
    'subscription-revoked': 'Se ha revocado tu suscripción al curso «%{course}».',
    'certificate-issued': 'Has obtenido el certificado del curso «%{course}».',
    'import-finished': 'La importación «%{name}» ha terminado: %{created} creados, %{failed} con errores.',
    'discussion-reply': '%{author} ha respondido en «%{thread}» (%{course}).',
    'discussion-mention': '%{author} te ha mencionado en «%{thread}» (%{course}).',
    'review-published': 'Se ha publicado la versión %{version} del curso «%{course}», que revisas.',
    'essay-graded': 'Se ha calificado tu respuesta en «%{form}» del curso «%{course}».',
  },
} satisfies DeepPartial<typeof mx>

export const notifications: typeof mx = variantOf(mx, differences)
