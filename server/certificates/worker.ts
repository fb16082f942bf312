import { parentPort } from 'node:worker_threads'
import type { DrawAnswer, DrawRequest } from './drawing.js'
import { renderCertificate } from './pdf.js'

/**
 * The certificate drawing worker: draws one certificate per message, in order, and posts back the
 * PDF's bytes (transferred, not copied) or what went wrong. It lives as long as its pool.
 */
const port = parentPort!
port.on('message', async ({ id, content, template }: DrawRequest) => {
  let answer: DrawAnswer
  const started = performance.now()
  try {
    const pdf = await renderCertificate(content, template ? new Uint8Array(template) : null)
    // Only a buffer the PDF fills alone can be handed over as it is.
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer ? pdf : pdf.slice()
    answer = { id, pdf: own.buffer as ArrayBuffer, ms: performance.now() - started }
    port.postMessage(answer, [answer.pdf])
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
    port.postMessage(answer)
  }
})
