/** react-admin validators carrying requirements §5's messages (translated by react-admin). */
export const requiredWith = (key: string) => (value: unknown) =>
  value === undefined || value === null || value === '' || value === false ? `aula.account.validation.${key}` : undefined

export const mustMatch = (field: string) => (value: unknown, values: Record<string, unknown>) =>
  value && value !== values[field] ? 'aula.account.validation.passwordsMatch' : undefined

/** The address form the identity service accepts (no spaces, one @, a dot in the domain). */
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/

/** Checks an e-mail address before it is sent, with a translated message instead of the service's English one. */
export const emailFormat = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && (value.trim().length > 254 || !EMAIL.test(value.trim()))
    ? 'aula.account.validation.emailFormat'
    : undefined

/** Required, then well formed (the login, register and forgot-password e-mail fields). */
export const emailRules = (key = 'email') => [requiredWith(key), emailFormat]
