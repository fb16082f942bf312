import { afterEach, beforeEach, vi } from 'vitest'
/**
 * A stand-in XMLHttpRequest for upload tests: records what was sent and lets the test play the
 * upload's progress and the storage's answer, in the order a browser would.
 */
export class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null
  static all: FakeXhr[] = []
  readonly upload = new EventTarget()
  method = ''
  url = ''
  body: FormData | null = null
  status = 0
  responseText = ''
  aborted = false

  constructor() {
    super()
    FakeXhr.last = this
    FakeXhr.all.push(this)
  }

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  send(body: FormData) {
    this.body = body
  }

  abort() {
    this.aborted = true
    this.dispatchEvent(new Event('abort'))
  }

  progress(loaded: number, total: number) {
    const event = new ProgressEvent('progress', { lengthComputable: true, loaded, total })
    this.upload.dispatchEvent(event)
  }

  respond(status: number, body = '') {
    this.status = status
    this.responseText = body
    this.dispatchEvent(new Event('load'))
  }

  fail() {
    this.dispatchEvent(new Event('error'))
  }

  static reset() {
    FakeXhr.last = null
    FakeXhr.all = []
  }
}

/**
 * Every test of the calling file uploads through a fresh FakeXhr; with `previews`, files chosen for a
 * preview get a blob address too (jsdom has no `URL.createObjectURL`).
 */
export function useFakeUploads({ previews = false } = {}) {
  beforeEach(() => {
    FakeXhr.reset()
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    if (previews) {
      URL.createObjectURL = vi.fn(() => 'blob:preview')
      URL.revokeObjectURL = vi.fn()
    }
  })
  afterEach(() => vi.unstubAllGlobals())
}
