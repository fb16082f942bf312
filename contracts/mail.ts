import Type, { type Static } from 'typebox'

/**
 * The mail Aula sends unasked (decision 0030): expiry reminders and the weekly progress digest, the
 * learner's choices about them (settings pane "E-mails") and the one-click unsubscribe link
 * (RFC 8058) every such mail carries.
 */

/** `GET`/`PUT /api/v2/user/mail-preferences`: the caller's choices (reminders on and digest off by default). */
export const MailPreferences = Type.Object({
  expiryReminders: Type.Boolean({ description: 'An e-mail before a subscription expires (at the thresholds its plan sets).' }),
  weeklyDigest: Type.Boolean({ description: 'One e-mail a week listing the active courses with their progress.' }),
})
export type MailPreferences = Static<typeof MailPreferences>

/** `PUT /api/v2/user/mail-preferences`: the choices to change (the others keep their value). */
export const MailPreferencesUpdate = Type.Object(
  {
    expiryReminders: Type.Optional(Type.Boolean()),
    weeklyDigest: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type MailPreferencesUpdate = Static<typeof MailPreferencesUpdate>

/** `GET`/`POST /api/v2/mail/unsubscribe?token=…`: the signed token of the mail's link. */
export const UnsubscribeQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 600, pattern: '^[A-Za-z0-9._-]+$', description: "The token of the mail's unsubscribe link." }),
})
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>

/** What a one-click unsubscribe turned off. */
export const Unsubscribed = Type.Object({
  unsubscribed: Type.Enum(['reminders', 'digest', 'notifications']),
})
export type Unsubscribed = Static<typeof Unsubscribed>

export const BAD_UNSUBSCRIBE_TOKEN_MESSAGE = 'This unsubscribe link is not valid'

/** The thresholds a new plan gets: days before expiry, 0 being the day of expiry. */
export const DEFAULT_REMINDER_DAYS = [14, 3, 0]
export const MAX_REMINDER_THRESHOLDS = 5
export const MAX_REMINDER_DAYS = 365
