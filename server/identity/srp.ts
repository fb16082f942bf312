import crypto from 'node:crypto'

/**
 * The server side of Cognito's SRP-6a variant (docs/identity.md "SRP sign-in"). Big-number arithmetic is
 * BigInt; every modular exponentiation goes through OpenSSL (a Diffie-Hellman object over the
 * 3072-bit group, whose computeSecret is base^priv mod N), about 1 ms each instead of ~13 ms.
 */

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF'

export const N = BigInt(`0x${N_HEX}`)
export const g = 2n
const N_BYTES = Buffer.from(N_HEX, 'hex')

// One DH object is enough: Node runs this synchronously, so no two calls interleave.
const dh = crypto.createDiffieHellman(N_BYTES, Buffer.from([2]))

const toBytes = (x: bigint): Buffer => {
  const hex = x.toString(16)
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
}
export const fromHex = (hex: string): bigint => BigInt(`0x${hex || '0'}`)

/** base^exp mod N via OpenSSL. base must be in [2, N-2] (callers guarantee it or handle the throw). */
export function modPow(base: bigint, exp: bigint): bigint {
  dh.setPrivateKey(toBytes(exp))
  return fromHex(dh.computeSecret(toBytes(base)).toString('hex'))
}

/** Java BigInteger.toByteArray() as hex: even length, a 00 byte when the top bit is set. */
export function pad(x: bigint): string {
  let hex = x.toString(16)
  if (hex.length % 2) hex = `0${hex}`
  if (/^[89a-f]/i.test(hex)) hex = `00${hex}`
  return hex
}

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest()
/** H over the bytes of a hex string. */
const hashHex = (hex: string) => sha256(Buffer.from(hex, 'hex')).toString('hex')

export const k = fromHex(hashHex(pad(N) + pad(g)))

/** x = H(PAD(salt) ‖ H(poolName ‖ userId ‖ ":" ‖ password)) */
export function computeX(saltHex: string, poolName: string, userId: string, password: string): bigint {
  const inner = sha256(`${poolName}${userId}:${password}`).toString('hex')
  return fromHex(hashHex(saltHex + inner))
}

export interface Verifier {
  salt: string
  verifier: string
}

/** A fresh salt and the verifier PAD(g^x mod N) for a password. */
export function makeVerifier(poolName: string, userId: string, password: string): Verifier {
  const salt = pad(fromHex(crypto.randomBytes(16).toString('hex')))
  return { salt, verifier: verifierFor(salt, poolName, userId, password) }
}

export function verifierFor(saltHex: string, poolName: string, userId: string, password: string): string {
  return pad(modPow(g, computeX(saltHex, poolName, userId, password)))
}

/** Constant-time comparison of two hex strings. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

export interface ServerEphemeral {
  b: bigint
  B: bigint
}

/** B = (k·v + g^b) mod N with a fresh 256-bit b; redrawn in the (negligible) case B ≡ 0. */
export function serverEphemeral(verifierHex: string): ServerEphemeral {
  const v = fromHex(verifierHex)
  for (;;) {
    const b = fromHex(crypto.randomBytes(32).toString('hex'))
    if (b < 2n) continue
    const B = (k * v + modPow(g, b)) % N
    if (B !== 0n) return { b, B }
  }
}

/** Parses SRP_A: hex only, bounded length (a DoS guard), and A mod N ≠ 0. Null when invalid. */
export function parseClientA(srpA: string): bigint | null {
  if (!/^[0-9a-fA-F]{1,800}$/.test(srpA)) return null
  const A = fromHex(srpA)
  return A % N === 0n ? null : A
}

/**
 * The expected PASSWORD_CLAIM_SIGNATURE for a handshake, or null when the numbers are degenerate.
 * S = (A · v^u)^b mod N; K = HKDF(PAD(S), PAD(u), "Caldera Derived Key", 16);
 * signature = HMAC(K, poolName ‖ userId ‖ secretBlock ‖ timestamp).
 */
export function expectedSignature(p: {
  A: bigint
  B: bigint
  b: bigint
  verifierHex: string
  poolName: string
  userId: string
  secretBlock: Buffer
  timestamp: string
}): Buffer | null {
  const u = fromHex(hashHex(pad(p.A) + pad(p.B)))
  if (u === 0n) return null
  const v = fromHex(p.verifierHex)
  const base = ((p.A % N) * modPow(v, u)) % N
  if (base < 2n || base > N - 2n) return null
  const S = modPow(base, p.b)
  const key = Buffer.from(crypto.hkdfSync('sha256', Buffer.from(pad(S), 'hex'), Buffer.from(pad(u), 'hex'), 'Caldera Derived Key', 16))
  return crypto
    .createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(p.poolName, 'utf8'), Buffer.from(p.userId, 'utf8'), p.secretBlock, Buffer.from(p.timestamp, 'utf8')]))
    .digest()
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * Parses the client's TIMESTAMP (`EEE MMM d HH:mm:ss UTC yyyy`). 'format' when it does not parse;
 * 'invalid' when it parses but is not a real date with the right weekday and unpadded day.
 */
export function parseTimestamp(ts: string): Date | 'format' | 'invalid' {
  const m = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(ts)
  if (!m) return 'format'
  const [, wd, mon, day, hh, mm, ss, yyyy] = m
  const month = MONTHS.indexOf(mon)
  if (month < 0 || !WEEKDAYS.includes(wd)) return 'format'
  if (day.startsWith('0')) return 'invalid'
  const date = new Date(Date.UTC(Number(yyyy), month, Number(day), Number(hh), Number(mm), Number(ss)))
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== month || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return 'invalid'
  if (WEEKDAYS[date.getUTCDay()] !== wd) return 'invalid'
  return date
}

/** The client's timestamp format, for tests and the benchmark's native client. */
export function formatTimestamp(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`
}
