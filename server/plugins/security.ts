import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

export interface SecurityOptions {
  /** Extra origins the web app talks to (the real Cognito endpoint in production). */
  connectSrc?: string[]
}

/** Security headers on every answer; API answers are never cached. */
export const securityPlugin = fp<SecurityOptions>(async (app, options) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.connectSrc ?? [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The embedded app is served over plain HTTP on a fresh machine; HSTS belongs to the TLS front.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !request.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store')
  })
})
