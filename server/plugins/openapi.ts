import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { requestOrigin } from './security.js'

/** The OpenAPI document, generated from the routes' TypeBox schemas: `/api/docs/json`, browsable at `/api/docs`. */
export const openapiPlugin = fp<{ version: string; publicUrl?: string }>(async (app, options) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Aula API', version: options.version, description: 'REST API of the Aula course platform.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    hideUntagged: false,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  // The reference's own policy: its scripts only from its static folder (never another path of
  // our origin, such as an uploaded file) and its inline ones by hash.
  const { script, style } = (app as unknown as { swaggerCSP: { script: string[]; style: string[] } }).swaggerCSP
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url === '/api/docs' || request.url.startsWith('/api/docs/') || request.url.startsWith('/api/docs?')) {
      const origin = options.publicUrl ?? requestOrigin(request)
      const scripts = [origin ? `${origin}/api/docs/static/` : "'none'", ...script].join(' ')
      reply.header(
        'content-security-policy',
        `default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src ${scripts}; script-src-attr 'none'; style-src 'self' ${style.join(' ')}`,
      )
    }
    done()
  })
})
