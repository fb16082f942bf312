import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

/** The OpenAPI document, generated from the routes' TypeBox schemas: `/api/docs/json`, browsable at `/api/docs`. */
export const openapiPlugin = fp<{ version: string }>(async (app, options) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Aula API', version: options.version, description: 'REST API of the Aula course platform.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    hideUntagged: false,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
})
