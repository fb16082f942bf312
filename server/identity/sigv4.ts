import crypto from 'node:crypto'
import { CognitoError } from './errors.js'

export interface SignedRequest {
  method: string
  /** Path and query as received. */
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest()
const sha256Hex = (data: string) => crypto.createHash('sha256').update(data, 'utf8').digest('hex')

const missingToken = () => new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403)
const unrecognized = () => new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.')
const badSignature = () =>
  new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  )

/**
 * How far a request's X-Amz-Date may be from the server's clock, either side, as AWS allows. Within
 * it the same signed request is accepted however often it arrives, as AWS does: TLS, not the
 * signature, keeps a request from being captured.
 */
export const SIGNATURE_WINDOW_MS = 5 * 60_000

/** An ISO time as X-Amz-Date writes it: 20260101T120000Z. */
const amzStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** RFC 3986 encoding as SigV4 wants it. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * Verifies an AWS Signature Version 4 `Authorization` header for service cognito-idp against one
 * key pair, as AWS would, and answers AWS's error names when it does not hold. Returns the signature.
 */
export function verifySigV4(req: SignedRequest, creds: { accessKeyId: string; secretAccessKey: string }, region: string, now = new Date()): string {
  const auth = header(req.headers, 'authorization')
  if (!auth) throw missingToken()
  const m = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(auth.trim())
  if (!m) throw new CognitoError('IncompleteSignatureException', 'Authorization header requires Credential, SignedHeaders and Signature.')
  const [, credential, signedHeadersText, signature] = m
  const [accessKeyId, day, credRegion, service, terminator, ...rest] = credential.split('/')
  if (rest.length || terminator !== 'aws4_request' || !/^\d{8}$/.test(day ?? ''))
    throw new CognitoError('IncompleteSignatureException', 'Credential is malformed.')
  if (accessKeyId !== creds.accessKeyId) throw unrecognized()
  if (service !== 'cognito-idp' || credRegion !== region) throw badSignature()

  const amzDate = header(req.headers, 'x-amz-date')
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(day))
    throw new CognitoError('IncompleteSignatureException', 'Authorization header requires existence of either a X-Amz-Date or a Date header.')
  const signedAt = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  )
  if (now.getTime() - signedAt > SIGNATURE_WINDOW_MS) {
    throw new CognitoError(
      'InvalidSignatureException',
      `Signature expired: ${amzDate} is now earlier than ${amzStamp(now.getTime() - SIGNATURE_WINDOW_MS)} (${amzStamp(now.getTime())} - 5 min.)`,
    )
  }
  if (signedAt - now.getTime() > SIGNATURE_WINDOW_MS) {
    throw new CognitoError(
      'InvalidSignatureException',
      `Signature not yet current: ${amzDate} is still later than ${amzStamp(now.getTime() + SIGNATURE_WINDOW_MS)} (${amzStamp(now.getTime())} + 5 min.)`,
    )
  }

  const signedHeaders = signedHeadersText.split(';')
  // The operation, the host and the time must be covered by the signature, or a captured request
  // could be turned into another operation or replayed after its time window.
  for (const required of ['host', 'x-amz-date', 'x-amz-target']) {
    if (!signedHeaders.includes(required)) throw new CognitoError('IncompleteSignatureException', `Signed headers must include ${required}.`)
  }
  if (signedHeaders.some((h) => h !== h.toLowerCase())) throw badSignature()
  const [rawPath, rawQuery = ''] = req.url.split('?', 2)
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=', 2).map((s) => encode(decodeURIComponent(s.replace(/\+/g, '%20')))))
    .sort((a, b) => (a[0] === b[0] ? (a[1] ?? '').localeCompare(b[1] ?? '') : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v ?? ''}`)
    .join('&')
  const canonicalPath = rawPath
    .split('/')
    .map((seg) => encode(encode(safeDecode(seg))))
    .join('/')
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${(header(req.headers, h) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('')
  const payloadHash = header(req.headers, 'x-amz-content-sha256') ?? sha256Hex(req.body)
  if (payloadHash !== sha256Hex(req.body)) throw badSignature()
  const canonicalRequest = [req.method.toUpperCase(), canonicalPath, canonicalQuery, canonicalHeaders, signedHeadersText, payloadHash].join('\n')
  const scope = `${day}/${credRegion}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), credRegion), service), 'aws4_request')
  const expected = hmac(key, stringToSign)
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw badSignature()
  return signature
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const v = headers[name]
  return Array.isArray(v) ? v.join(',') : v
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
