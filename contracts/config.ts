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

/** An address the web app links to: http or https only (no `javascript:` or `data:` in an href). */
const LinkUrl = Type.String({ format: 'uri', pattern: '^https?://[^\\s/?#]+', maxLength: 2048 })

/** The top bar's apps dropdown: each link is optional, an absent one is hidden, none hides the dropdown. */
export const AppLinks = Type.Object({
  /** The product website. */
  website: Type.Optional(LinkUrl),
  /** A social-network page. */
  social: Type.Optional(LinkUrl),
  /** A video channel. */
  video: Type.Optional(LinkUrl),
  /** A short-video profile. */
  shortVideo: Type.Optional(LinkUrl),
})
export type AppLinks = Static<typeof AppLinks>

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
    /** The embedded service's URL, absolute or relative to the web app's origin; absent with real Amazon Cognito. */
    endpoint: Type.Optional(Type.String()),
  }),
  passwordPolicy: PasswordPolicy,
  /** Offered interface languages; the first is the default. */
  languages: Type.Array(Type.Enum([...LANGUAGES])),
  /** The apps dropdown's links (absent: no dropdown). */
  links: Type.Optional(AppLinks),
  /** Where users write for help (settings › support); absent when none is configured. */
  supportEmail: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  /** The university partner's organization name: the player shows the second brand for its courses (absent: none). */
  universityOrganization: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  /** The footer's developed-by line: who, and optionally where that name links. */
  developedBy: Type.Optional(Type.Object({ text: Type.String({ minLength: 1, maxLength: 120 }), url: Type.Optional(LinkUrl) })),
})
export type PublicConfig = Static<typeof PublicConfig>
