import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import type { FastifyInstance } from 'fastify'

/**
 * The SDK client the API server uses for admin operations. Embedded: signed with the service's own
 * key pair and delivered in-process through `app.inject` (no socket, works before `listen`), so it
 * goes through exactly the same SigV4 check as any outside caller. Real Cognito: the default AWS
 * credential chain (environment, profile, instance role).
 */
export function embeddedAdminClient(app: FastifyInstance, region: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  return new CognitoIdentityProviderClient({
    region,
    credentials,
    endpoint: 'http://identity.internal/identity/',
    requestHandler: {
      async handle(request: { method: string; path: string; query?: Record<string, string>; headers: Record<string, string>; body?: string | Uint8Array }) {
        const body = request.body
        // A view, not Buffer.from(body): the SDK's body adapter warns when it is read as a string.
        const payload = typeof body === 'string' ? body : body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined
        const res = await app.inject({ method: request.method as 'POST', url: request.path, headers: request.headers, payload })
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : String(v)
        return { response: { statusCode: res.statusCode, headers, body: new Uint8Array(res.rawPayload) } }
      },
      updateHttpClientConfig() {},
      httpHandlerConfigs: () => ({}),
    } as never,
  })
}

export function cognitoAdminClient(region: string) {
  return new CognitoIdentityProviderClient({ region })
}
