import { storedJwt } from '../authProvider'
import { errorFor } from './http'

/** How long a downloaded file's object URL lives: long enough for the browser to start the download. */
const DOWNLOAD_URL_LIFETIME_MS = 10_000

/** Hands bytes to the browser as a downloaded file. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS)
}

/**
 * Downloads a file the API answers (a receipt's PDF) as `fileName`. The bearer token goes in a header,
 * so a plain link cannot fetch it; the bytes are read as a blob (the JSON client reads text).
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const token = storedJwt()
  let response: Response
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw errorFor('network', null)
  }
  if (!response.ok) throw errorFor(response.status, await response.json().catch(() => null), response.headers.get('retry-after'))
  saveFile(await response.blob(), fileName)
}
