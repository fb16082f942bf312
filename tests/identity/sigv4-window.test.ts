import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AdminGetUserCommand, CognitoIdentityProviderClient, ListGroupsCommand } from '@aws-sdk/client-cognito-identity-provider'
import type { FinalizeHandler, FinalizeHandlerArguments, MetadataBearer } from '@smithy/types'
import { adminClient, startIdentityServer, type IdentityServer } from './helpers.js'

let server: IdentityServer
const clients: CognitoIdentityProviderClient[] = []

/** The real SDK; every request's signed headers are kept in `sent` as they leave the client. */
function sdk(extra: { systemClockOffset?: number } = {}) {
  const client = adminClient(server, extra)
  const sent: Array<Record<string, string>> = []
  client.middlewareStack.add(
    (next) => async (args) => {
      sent.push({ ...(args.request as { headers: Record<string, string> }).headers })
      return next(args)
    },
    { step: 'deserialize', name: 'recordSignedHeaders' },
  )
  clients.push(client)
  return { client, sent }
}

/**
 * The SDK signs a random `amz-sdk-invocation-id` per call; a client that sends none (or a fixed one,
 * as this does) sends the same signed request twice when it repeats a call within one second.
 */
function fixedInvocationId(client: CognitoIdentityProviderClient) {
  client.middlewareStack.addRelativeTo(
    (next: FinalizeHandler<object, MetadataBearer>) => async (args: FinalizeHandlerArguments<object>) => {
      const request = args.request as { headers: Record<string, string> }
      request.headers['amz-sdk-invocation-id'] = '00000000-0000-4000-8000-000000000000'
      return next(args)
    },
    { relation: 'before', toMiddleware: 'httpSigningMiddleware', name: 'fixedInvocationId' },
  )
}

beforeAll(async () => {
  server = await startIdentityServer()
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  for (const c of clients) c.destroy()
  await server?.close()
})

describe('signed admin calls (SigV4) as AWS accepts them', () => {
  it('answers the same signed read twice in one second: identical signatures are not refused', async () => {
    const { client, sent } = sdk()
    fixedInvocationId(client)
    // Only Date is frozen (at the current second, so the SDK sees no clock skew to correct): both
    // requests are signed at the same X-Amz-Date and carry the same signature.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 250)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const input = { UserPoolId: server.poolId, Username: server.config.ADMIN_EMAIL }
    const first = await client.send(new AdminGetUserCommand(input))
    const second = await client.send(new AdminGetUserCommand(input))
    expect(sent).toHaveLength(2)
    expect(sent[0]['x-amz-date']).toBe(now.toISOString().replace(/[-:]/g, '').replace('.250', ''))
    expect(sent[1]['x-amz-date']).toBe(sent[0]['x-amz-date'])
    expect(sent[1].authorization).toBe(sent[0].authorization)
    expect(first.Username).toBeTruthy()
    expect(second.Username).toBe(first.Username)
    expect(second.UserAttributes).toEqual(first.UserAttributes)
  })

  it('refuses a signature made more than 5 minutes before or after the server clock', async () => {
    for (const [offset, text] of [
      [-6 * 60_000, /^Signature expired: \d{8}T\d{6}Z is now earlier than \d{8}T\d{6}Z \(\d{8}T\d{6}Z - 5 min\.\)$/],
      [6 * 60_000, /^Signature not yet current: \d{8}T\d{6}Z is still later than \d{8}T\d{6}Z \(\d{8}T\d{6}Z \+ 5 min\.\)$/],
    ] as const) {
      const { client } = sdk({ systemClockOffset: offset })
      const refused = await client.send(new ListGroupsCommand({ UserPoolId: server.poolId })).then(
        () => null,
        (e: Error) => e,
      )
      expect(refused?.name).toBe('InvalidSignatureException')
      expect(refused?.message).toMatch(text)
    }
  })

  it('accepts a signature made 4 minutes away from the server clock, either side', async () => {
    for (const offset of [-4 * 60_000, 4 * 60_000]) {
      const { client } = sdk({ systemClockOffset: offset })
      const groups = await client.send(new ListGroupsCommand({ UserPoolId: server.poolId }))
      expect(groups.Groups?.length).toBeGreaterThan(0)
    }
  })
})
