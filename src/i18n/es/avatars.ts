import { avatars as mx, type AvatarsMessages } from '../mx/avatars'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of the AI avatars screen (experimental area).
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/avatars.ts), which gives every other text.
 */
export const differences = {
  requests: {
    empty: 'Todavía no has enviado ninguna solicitud. Cuando envíes una, aparecerá aquí.',
    failed: 'No se ha podido crear el avatar',
  },
} satisfies DeepPartial<AvatarsMessages>

export const avatars: AvatarsMessages = variantOf(mx, differences)
