/** A time as the database gives it (a Date from pg, a string from some PGlite casts). */
export type When = Date | string

/** A database timestamp as the API writes it: ISO 8601 in UTC. */
export const iso = (v: When) => new Date(v).toISOString()

/** `iso`, keeping a missing timestamp as null. */
export const isoOrNull = (v: When | null) => (v === null ? null : iso(v))
