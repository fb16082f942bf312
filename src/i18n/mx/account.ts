/** Texts of the account screens (sign-in journeys) and the settings panes. */
export const account = {}

export type AccountMessages = typeof account
