import { createRequire } from 'node:module'

interface GeoIpCountry {
  lookup(ip: string): { country: string } | null
}

let geoip: GeoIpCountry | undefined

/**
 * The ISO 3166-1 alpha-2 country of an address, or null when none is known (private and loopback
 * ranges, unknown blocks). Looked up in the GeoLite2 country database shipped by the `geoip-country`
 * package (about 8 MB, read into memory on the first look-up): no network call is ever made.
 */
export function countryOf(ip: string): string | null {
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry
  // IPv4 clients on a dual-stack socket arrive as ::ffff:a.b.c.d.
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  try {
    const found = geoip.lookup(address)
    return found && /^[A-Z]{2}$/.test(found.country) ? found.country : null
  } catch {
    return null
  }
}
