/** A time as the database gives it (a Date from pg, a string from some PGlite casts). */
export type When = Date | string

/** A time as the API writes it: ISO 8601 in UTC. */
export const iso = (v: When) => new Date(v).toISOString()
