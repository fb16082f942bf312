import { EventEmitter } from 'node:events'

/**
 * Usage the rest of the server reports without knowing about monitoring (the mailer emits `email`
 * for each message handed to its transport). Every usage meter of the process listens.
 */
export const usageEvents = new EventEmitter()
usageEvents.setMaxListeners(50)
