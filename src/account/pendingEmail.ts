/**
 * The e-mail of the account being registered, between sign-up (or an unconfirmed sign-in) and its
 * confirmation. Kept for this tab only: the confirmation screen survives a reload, a new tab starts clean.
 */
const KEY = 'aula.pendingEmail'

export const pendingEmail = {
  get: () => sessionStorage.getItem(KEY),
  set: (email: string) => sessionStorage.setItem(KEY, email),
  clear: () => sessionStorage.removeItem(KEY),
}
