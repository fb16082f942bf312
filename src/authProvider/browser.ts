/**
 * Full-page navigations (requirements §4: sign-in and sign-out end with a reload so that every data holder
 * starts afresh). One object so tests can watch them.
 */
export const browser = {
  assign(path: string) {
    window.location.assign(path)
  },
}
