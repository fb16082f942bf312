import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminGetUserCommand, CognitoIdentityProviderClient, ListGroupsCommand } from '@aws-sdk/client-cognito-identity-provider'
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

beforeAll(async () => {
  server = await startIdentityServer()
})
afterAll(async () => {
  for (const c of clients) c.destroy()
  await server?.close()
})

describe('signed admin calls (SigV4) as AWS accepts them', () => {
  it('answers the same signed read twice: an identical signature sent again is not refused', async () => {
    const { client, sent } = sdk()
    const bodies: string[] = []
    client.middlewareStack.add(
      (next) => async (args) => {
        bodies.push(String((args.request as { body?: unknown }).body ?? ''))
        return next(args)
      },
      { step: 'deserialize', name: 'recordSignedBody' },
    )
    const first = await client.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: server.config.ADMIN_EMAIL }))
    expect(sent).toHaveLength(1)
    // A client that repeats a call within the second (no random invocation id) sends these very bytes again.
    const headers = Object.fromEntries(Object.entries(sent[0]).filter(([name]) => !['host', 'content-length'].includes(name.toLowerCase())))
    const again = await fetch(server.endpoint, { method: 'POST', headers, body: bodies[0] })
    expect(again.status).toBe(200)
    const second = (await again.json()) as { Username?: string; UserAttributes?: unknown }
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
