import fp from 'fastify-plugin'

export interface SecurityOptions {
  /** Extra origins the web app talks to (the real Cognito endpoint in production). */
  connectSrc?: string[]
  /** Where uploaded files are read from and uploaded to besides our origin (an S3 bucket). */
  fileOrigins?: string[]
}

/** The Content-Security-Policy of every answer. */
export function contentSecurityPolicy(connectSrc: string[] = [], fileOrigins: string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Files of an S3 bucket: shown (covers, videos), uploaded to (presigned POST) and framed
    // (simulations). An http:// bucket (a local S3-compatible service) is not covered by https:.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...fileOrigins],
    'media-src': ["'self'", 'blob:', 'https:', ...fileOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectSrc, ...fileOrigins],
    'frame-src': ["'self'", ...fileOrigins],
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

/**
 * Security headers on every answer. Documents (the web app, the API reference, files under
 * `/api/files`) get the full set with the web app's Content-Security-Policy. The API's own answers
 * (JSON, CSV and PDF downloads) are never shown as pages: they get the headers that matter for an API,
 * a CSP that allows nothing, and are never cached; the document-only headers would only lengthen
 * every answer. The headers do not depend on the request, so they are built once at start and copied
 * onto each reply by one synchronous hook.
 * HSTS belongs to the TLS front: the embedded app is served over plain HTTP on a fresh machine.
 */
export const securityPlugin = fp<SecurityOptions>(async (app, options) => {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.connectSrc, options.fileOrigins),
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
  const fileHeaders = { ...headers, 'cache-control': 'no-store' }
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url
    reply.headers(
      !url.startsWith('/api') || url.startsWith('/api/docs') ? headers
      : url.startsWith('/api/files/') ? fileHeaders
      : apiHeaders,
    )
    done()
  })
})
