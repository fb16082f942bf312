import { errorFor } from '../../dataProvider/http'

/** What a `...-par` call answers: POST `fields` then the file to `url`, then register `path`. */
export interface UploadParams {
  url: string
  fields: Record<string, string>
  path: string
}

export interface UploadProgress {
  loaded: number
  total: number
  /** 0–100, whole numbers. */
  percent: number
}

export interface UploadFileOptions {
  params: UploadParams
  file: Blob
  /** The name the form gives the file (a File's own name by default). */
  fileName?: string
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/**
 * Sends a file straight to storage (our /api/files/upload or an S3 bucket) as a multipart form:
 * the signed fields first, then the file, as both require. XMLHttpRequest rather than fetch because
 * only it reports upload progress. Resolves with the path to register; rejects with an `ApiError`
 * carrying requirements §8's text (413, or S3's EntityTooLarge, is 'Too much data'), or an `AbortError`
 * when `signal` aborts.
 */
export function uploadFile({ params, file, fileName, onProgress, signal }: UploadFileOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const form = new FormData()
    for (const [name, value] of Object.entries(params.fields)) form.append(name, value)
    form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'))

    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    const done = () => signal?.removeEventListener('abort', onAbort)
    signal?.addEventListener('abort', onAbort)

    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || event.total === 0) return
      onProgress?.({ loaded: event.loaded, total: event.total, percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)) })
    })
    xhr.addEventListener('load', () => {
      done()
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size, percent: 100 })
        resolve(params.path)
      } else {
        reject(uploadError(xhr.status, xhr.responseText))
      }
    })
    xhr.addEventListener('error', () => {
      done()
      reject(errorFor('network', null))
    })
    xhr.addEventListener('timeout', () => {
      done()
      reject(errorFor('network', null))
    })
    xhr.addEventListener('abort', () => {
      done()
      reject(abortError())
    })
    xhr.open('POST', params.url)
    xhr.send(form)
  })
}

/**
 * The error of a refused upload. Our storage answers JSON ({ message, code }); S3 answers XML with a
 * <Code>, and says EntityTooLarge with a 400 where we say 413.
 */
export function uploadError(status: number, body: string) {
  const s3Code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1]
  if (status === 413 || s3Code === 'EntityTooLarge') return errorFor(413, null)
  let parsed: unknown = null
  try {
    parsed = JSON.parse(body)
  } catch {
    parsed = s3Code ? { code: s3Code } : null
  }
  return errorFor(status === 0 ? 'network' : status, parsed)
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError')
}

/** Whether an error is a cancelled upload (not to be shown as a failure). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}
