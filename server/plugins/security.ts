import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { FILE_POLICY } from '../storage/answers.js'

export interface SecurityOptions {
  /** Extra origins the web app talks to (the real Cognito endpoint in production). */
  connectSrc?: string[]
  /** Where uploaded files are read from and uploaded to besides our origin (an S3 bucket, FILES_ORIGIN). */
  fileOrigins?: string[]
  /** The separate origin user files are served from (FILES_ORIGIN); unset: our own origin. */
  filesOrigin?: string
  /** The origin browsers open the web app at (PUBLIC_URL); unset: each request's own. */
  publicUrl?: string
}

/** A Host (or X-Forwarded-Host) a browser can send: a name or an address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The origin a request was addressed to, as the browser sees it (`request.protocol` and `.host`
 * follow X-Forwarded-Proto and -Host behind a trusted proxy), or null for a Host no browser sends.
 * An `http:` origin also covers its `https:` twin in a CSP, so a TLS front that does not say
 * X-Forwarded-Proto still works.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  return HOST.test(request.host) ? `${request.protocol}://${request.host.toLowerCase()}` : null
}

/**
 * The Content-Security-Policy of the web app's pages. Scripts come only from the build's hashed
 * assets (`scriptSrc`: `<origin>/assets/`): a file of the same origin elsewhere, such as an upload
 * under `/api/files/`, is never a script source.
 */
export function contentSecurityPolicy(connectSrc: string[] = [], fileOrigins: string[] = [], scriptSrc: string[] = ["'none'"]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Files of an S3 bucket or of FILES_ORIGIN: shown (covers, videos), uploaded to (presigned POST)
    // and framed (simulations). An http:// bucket (a local S3-compatible service) is not covered by https:.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...fileOrigins],
    'media-src': ["'self'", 'blob:', 'https:', ...fileOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectSrc, ...fileOrigins],
    'frame-src': ["'self'", ...fileOrigins],
    // Workers: the same sources as scripts.
    'worker-src': scriptSrc,
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'script-src-attr': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';')
}

/** Paths of file reads (the upload POST is the app's). */
const FILE_READ = /^\/api\/files\/(?!upload(?:[/?]|$))./

/**
 * Security headers on every answer. Documents (the web app, the API reference) get the full set
 * with the web app's Content-Security-Policy, whose script source names the page's own origin
 * (PUBLIC_URL, else the request's). The API's own answers (JSON, CSV and PDF downloads) are never
 * shown as pages: they get the headers that matter for an API, a CSP that allows nothing, and are
 * never cached. Files under `/api/files/` get a CSP that allows nothing in an opaque origin until
 * the files route says what the file is.
 *
 * With FILES_ORIGIN, that host answers file reads only (anything else, the web app included, is a
 * 404 there), and a file read on the app's host is redirected (308) to it.
 * HSTS belongs to the TLS front: the embedded app is served over plain HTTP on a fresh machine.
 */
export const securityPlugin = fp<SecurityOptions>(async (app, options) => {
  const base: Record<string, string> = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  }
  const fileHeaders = {
    ...base,
    'content-security-policy': FILE_POLICY,
    // On an origin of their own, files are shown by the app's pages on another origin.
    ...(options.filesOrigin ? { 'cross-origin-resource-policy': 'cross-origin' } : {}),
    'cache-control': 'no-store',
  }
  // Page headers per origin (one or a few: built once each, kept for the life of the process).
  const pageHeaders = new Map<string, Record<string, string>>()
  const pageHeadersFor = (origin: string | null) => {
    const key = origin ?? ''
    let headers = pageHeaders.get(key)
    if (!headers) {
      const scriptSrc = origin ? [`${origin}/assets/`] : ["'none'"]
      headers = { ...base, 'content-security-policy': contentSecurityPolicy(options.connectSrc, options.fileOrigins, scriptSrc) }
      if (pageHeaders.size < 64) pageHeaders.set(key, headers)
    }
    return headers
  }
  const filesHost = options.filesOrigin ? new URL(options.filesOrigin).host : null

  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url
    const fileRead = (request.method === 'GET' || request.method === 'HEAD') && FILE_READ.test(url)
    if (filesHost) {
      const onFilesHost = request.host.toLowerCase() === filesHost
      if (onFilesHost && !fileRead) {
        reply.headers(apiHeaders).status(404).send({ message: 'Resource not found', code: 'NOT_FOUND' })
        return
      }
      if (!onFilesHost && fileRead) {
        reply.headers(apiHeaders).redirect(`${options.filesOrigin}${url}`, 308)
        return
      }
    }
    reply.headers(
      url.startsWith('/api/files/')
        ? fileHeaders
        : !url.startsWith('/api') || url.startsWith('/api/docs')
          ? pageHeadersFor(options.publicUrl ?? requestOrigin(request))
          : apiHeaders,
    )
    done()
  })
})
