/**
 * Leaving the app for another site (the payment provider's page). One object, so that a component
 * test can watch where the page would go: jsdom does not navigate.
 */
export const leavePage = {
  to(url: string) {
    // Only a web address: never a `javascript:` URL, whatever an answer carries.
    if (/^https?:\/\//i.test(url)) window.location.assign(url)
  },
}
