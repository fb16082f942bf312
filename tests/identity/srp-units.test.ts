import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkPassword } from '../../server/identity/settings.js'
import { formatTimestamp, fromHex, g, k, modPow, N, pad, parseTimestamp, verifierFor } from '../../server/identity/srp.js'
import { verifySigV4 } from '../../server/identity/sigv4.js'

const POLICY = { minimumLength: 12, requireUppercase: true, requireLowercase: true, requireNumbers: true, requireSymbols: true }

describe('SRP helpers', () => {
  it('use the RFC 3526 3072-bit group, g = 2 and Java-style PAD (the browser library interoperates: see journey.test.ts)', () => {
    expect(N.toString(16)).toBe(crypto.getDiffieHellman('modp15').getPrime('hex').replace(/^0+/, ''))
    expect(g).toBe(2n)
    expect(k).toBe(
      fromHex(
        crypto
          .createHash('sha256')
          .update(Buffer.from(pad(N) + pad(g), 'hex'))
          .digest('hex'),
      ),
    )
    expect(pad(0x80n)).toBe('0080')
    expect(pad(0x7fn)).toBe('7f')
    expect(pad(0xabcn)).toBe('0abc')
    expect(pad(N).length).toBe(385 * 2)
  })

  it('computes the same modexp as plain BigInt arithmetic', () => {
    const slow = (b: bigint, e: bigint) => {
      let r = 1n
      b %= N
      while (e > 0n) {
        if (e & 1n) r = (r * b) % N
        b = (b * b) % N
        e >>= 1n
      }
      return r
    }
    for (let i = 0; i < 3; i++) {
      const base = fromHex(crypto.randomBytes(300).toString('hex'))
      const exp = fromHex(crypto.randomBytes(32).toString('hex'))
      expect(modPow(base, exp)).toBe(slow(base, exp))
    }
  })

  it('derives different verifiers for different salts, users and passwords', () => {
    const salt = pad(fromHex('00c0ffee'))
    const v = verifierFor(salt, 'AulaLocal', 'user-1', 'Password-1!')
    expect(verifierFor(salt, 'AulaLocal', 'user-1', 'Password-1!')).toBe(v)
    expect(verifierFor(salt, 'AulaLocal', 'user-2', 'Password-1!')).not.toBe(v)
    expect(verifierFor(pad(fromHex('01c0ffee')), 'AulaLocal', 'user-1', 'Password-1!')).not.toBe(v)
  })

  it('parses the client timestamp strictly', () => {
    const now = new Date(Date.UTC(2026, 10, 2, 4, 5, 6))
    expect(formatTimestamp(now)).toBe('Mon Nov 2 04:05:06 UTC 2026')
    expect(parseTimestamp('Mon Nov 2 04:05:06 UTC 2026')).toEqual(now)
    expect(parseTimestamp('Mon Nov 02 04:05:06 UTC 2026')).toBe('invalid')
    expect(parseTimestamp('Tue Nov 2 04:05:06 UTC 2026')).toBe('invalid')
    expect(parseTimestamp('Mon Nov 2 4:05:06 UTC 2026')).toBe('format')
    expect(parseTimestamp('2026-11-02T04:05:06Z')).toBe('format')
  })
})

describe('password policy', () => {
  it('answers Cognito messages for the first broken rule', () => {
    expect(() => checkPassword('Short-1a', POLICY)).toThrow('Password did not conform with policy: Password not long enough')
    expect(() => checkPassword('NOLOWERCASE-123', POLICY)).toThrow('Password must have lowercase characters')
    expect(() => checkPassword('nouppercase-123', POLICY)).toThrow('Password must have uppercase characters')
    expect(() => checkPassword('No-Numbers-Here', POLICY)).toThrow('Password must have numeric characters')
    expect(() => checkPassword('NoSymbols12345', POLICY)).toThrow('Password must have symbol characters')
    expect(() => checkPassword('Has Space 12345', POLICY)).not.toThrow()
    expect(() => checkPassword('short', { ...POLICY, minimumLength: 6, requireSymbols: false, requireNumbers: false, requireUppercase: false })).toThrow(
      'not long enough',
    )
  })
})

describe('SigV4 check', () => {
  const creds = { accessKeyId: 'AKIATESTTESTTEST', secretAccessKey: 'secret-secret-secret-secret-secret' }
  it('refuses a missing or malformed Authorization header and a stale signature', () => {
    const req = { method: 'POST', url: '/identity/', headers: { host: 'x' }, body: '{}' }
    expect(() => verifySigV4(req, creds, 'eu-west-1')).toThrow('Missing Authentication Token')
    expect(() => verifySigV4({ ...req, headers: { ...req.headers, authorization: 'Basic abc' } }, creds, 'eu-west-1')).toThrow(/requires Credential/)
    const stale = {
      ...req,
      headers: {
        host: 'x',
        'x-amz-date': '20200101T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/20200101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
      },
    }
    expect(() => verifySigV4(stale, creds, 'eu-west-1')).toThrow(/Signature expired/)
  })
})
