import Type, { type Static } from 'typebox'
import { LANGUAGES } from './config.js'

/**
 * `POST /api/auth/sign-up {user}` (requirements §7 "Auth and users"): the legacy clients' sign-up. `user`
 * is the registration of requirements §3 (email, name, password; the terms box is ticked on the form
 * before it is sent). It is the current sign-up: the pool's SignUp, the account joining `general` and a
 * confirmation code mailed in `locale` (mx when not given).
 */
export const LegacySignUpBody = Type.Object({
  user: Type.Object({
    email: Type.String({ format: 'email', maxLength: 254 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    locale: Type.Optional(Type.Enum([...LANGUAGES])),
  }),
})
export type LegacySignUpBody = Static<typeof LegacySignUpBody>

/** What the pool answers to SignUp: the new account's sub, unconfirmed, and where its code went. */
export const LegacySignUpAnswer = Type.Object({
  UserSub: Type.String(),
  UserConfirmed: Type.Boolean(),
  CodeDeliveryDetails: Type.Object({ Destination: Type.String(), DeliveryMedium: Type.String(), AttributeName: Type.String() }),
})
export type LegacySignUpAnswer = Static<typeof LegacySignUpAnswer>
