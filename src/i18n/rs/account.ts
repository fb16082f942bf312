import type { AccountMessages } from '../mx/account'

/** Texts of the account screens (sign-in journeys) and the settings panes. */
export const account = {} satisfies AccountMessages
