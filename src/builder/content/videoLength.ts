/** The longest video the platform takes, in seconds (as the server's schema). */
export const MAX_VIDEO_SECONDS = 86400

/**
 * A video length typed by the creator: `h:mm:ss`, `m:ss` or whole seconds. Null when it is not one of
 * these or is outside 1 second to 24 hours.
 */
export function parseVideoLength(text: string): number | null {
  const t = text.trim()
  if (!/^\d{1,5}(:\d{1,2}){0,2}$/.test(t)) return null
  const parts = t.split(':').map(Number)
  if (parts.slice(1).some((p) => p > 59)) return null
  const seconds = parts.reduce((total, p) => total * 60 + p, 0)
  return seconds >= 1 && seconds <= MAX_VIDEO_SECONDS ? seconds : null
}

/** A length in seconds as `h:mm:ss` or `m:ss` (rounded to the second). */
export function formatVideoLength(seconds: number): string {
  const s = Math.round(seconds)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}
