import net from 'node:net'

/**
 * The bucket a client address falls into. IPv4 addresses count one by one; an IPv6 client is
 * counted by its /64, because one subscriber commonly holds a whole /64 and could otherwise take a
 * fresh address for every request. IPv4-mapped IPv6 addresses count as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]
  if (net.isIPv4(ip)) return ip
  if (!net.isIPv6(ip)) return ip
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`
}

function expandIPv6(ip: string): string[] {
  const [head, tail = ''] = ip.split('::')
  const left = head ? head.split(':') : []
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : []
  const missing = 8 - left.length - right.length
  return [...left, ...Array(Math.max(0, missing)).fill('0'), ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
}

/** Failed sign-ins (wrong password, unknown name, wrong second-factor code) one address may make per hour. */
export const FAILED_SIGN_INS_PER_ADDRESS = 100

/**
 * Failed sign-ins per client address, in fixed hourly windows, in this process's memory: it is
 * asked on every sign-in, and a query there would cost every user a round trip. With several
 * processes each keeps its own count (docs/identity.md says what that means).
 */
export class SignInThrottle {
  private window = 0
  private counts = new Map<string, number>()

  constructor(
    private readonly limit = FAILED_SIGN_INS_PER_ADDRESS,
    private readonly now = () => Date.now(),
  ) {}

  private roll() {
    const window = Math.floor(this.now() / 3_600_000)
    if (window !== this.window) {
      this.window = window
      this.counts.clear()
    }
  }

  /** Whether this address has used up its failures for the hour. */
  blocked(address: string): boolean {
    this.roll()
    return (this.counts.get(address) ?? 0) >= this.limit
  }

  failed(address: string) {
    this.roll()
    // A flood of distinct addresses cannot grow the map without bound: past 100,000 the window starts afresh.
    if (this.counts.size > 100_000) this.counts.clear()
    this.counts.set(address, (this.counts.get(address) ?? 0) + 1)
  }
}
