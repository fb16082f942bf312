/**
 * A short "browser version on system" summary of a user-agent string (the identity service names a
 * device by the browser's user agent). Returns null when neither part is recognised.
 */
export function describeUserAgent(ua: string): { browser?: string; os?: string } | null {
  const browser = browserOf(ua)
  const os = osOf(ua)
  return browser || os ? { browser, os } : null
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:CriOS|Chrome)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

function browserOf(ua: string): string | undefined {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua)
    if (match) return `${name} ${match[1]}`
  }
  return undefined
}

function osOf(ua: string): string | undefined {
  if (/Windows NT/.test(ua)) return 'Windows'
  const android = /Android (\d+)/.exec(ua)
  if (android) return `Android ${android[1]}`
  if (/Android/.test(ua)) return 'Android'
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)/.exec(ua)
  if (ios) return `iOS ${ios[1]}`
  if (/CrOS/.test(ua)) return 'ChromeOS'
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS'
  if (/Linux/.test(ua)) return 'Linux'
  return undefined
}
