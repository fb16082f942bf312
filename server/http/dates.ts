/** A database timestamp (a Date from pg, a string from PGlite's text results) as an ISO 8601 UTC string. */
export const iso = (v: Date | string) => new Date(v).toISOString()

/** `iso`, keeping a missing timestamp as null. */
export const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())
