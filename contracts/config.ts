import Type, { type Static } from 'typebox'

/** The password rules every screen shows and checks; the identity service enforces the same ones. */
export const PasswordPolicy = Type.Object({
  minimumLength: Type.Integer({ minimum: 6, maximum: 99 }),
  requireUppercase: Type.Boolean(),
  requireLowercase: Type.Boolean(),
  requireNumbers: Type.Boolean(),
  requireSymbols: Type.Boolean(),
})
export type PasswordPolicy = Static<typeof PasswordPolicy>

/** Interface languages offered in the language menu; the first is the default. */
export const LANGUAGES = ['mx', 'eng', 'es', 'it', 'gr', 'rs'] as const

/** GET /api/config: what the web app needs before anyone signs in. */
export const PublicConfig = Type.Object({
  /** Product name. */
  name: Type.String(),
  /** Build number (the footer pads it to 4 digits). */
  build: Type.Integer(),
  identity: Type.Object({
    region: Type.String(),
    userPoolId: Type.String(),
    clientId: Type.String(),
    /** The embedded service's URL; absent when the app signs in against real Amazon Cognito. */
    endpoint: Type.Optional(Type.String()),
  }),
  passwordPolicy: PasswordPolicy,
  /** Offered interface languages; the first is the default. */
  languages: Type.Array(Type.Enum([...LANGUAGES])),
})
export type PublicConfig = Static<typeof PublicConfig>
