import type { BlockValues } from './model'

/**
 * Where the browser reads a block's file: the read URL the server sent with the block (`urls`, by the
 * value it is for), else the product's own file route for a path just uploaded, else the block's web address.
 */
export function fileUrl(values: BlockValues, urls?: Record<string, string>, field: 'path' | 'entry' = 'path'): string | undefined {
  const stored = field === 'entry' ? (urls?.entry ?? urls?.path) : urls?.path
  if (stored && values.path) return stored
  if (typeof values.path === 'string' && values.path) return `/api/files/${values.path.split('/').map(encodeURIComponent).join('/')}`
  if (typeof values.url === 'string' && values.url) return values.url
  return undefined
}

/** The last part of a stored path, without the random prefix storage gives every file. */
export function fileName(values: BlockValues): string {
  if (typeof values.fileName === 'string' && values.fileName) return values.fileName
  const last = (values.path ?? values.url ?? '').split('/').pop() ?? ''
  return last.replace(/^[0-9a-f]{8,}-/i, '')
}

/** http(s) only: other schemes (javascript:, data:) never reach a link, a player or a frame. */
export const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

/** A byte count as people read it (1.5 MB). */
export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`
}
