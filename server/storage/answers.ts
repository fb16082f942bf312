/**
 * How a stored file is answered to a browser: which types are shown in place, which only ever
 * download, and the Content-Security-Policy each gets. One table for the file links and the folder
 * links of both drivers, and for the response overrides of S3's presigned links.
 *
 * Uploaded bytes are never content of the app: a page, an image that can script (SVG), a style
 * sheet or a script uploaded by anyone is downloaded, or shown in an opaque origin that cannot
 * reach the signed-in session, and is never what the app's own pages may load as code.
 */

/** Shown in place: a browser only decodes these, nothing in them runs. */
const INLINE = /^(?:image\/(?:png|jpeg|webp|gif|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|text\/plain)$/
/** Pages: run only as a simulation (in a package, or a simulation block's own HTML file). */
const DOCUMENT = /^(?:text\/html|application\/xhtml\+xml)$/
/** What a package's page loads beside itself (scripts, styles, data, fonts, code, icons). */
const SUBRESOURCE = /^(?:text\/(?:css|javascript)|application\/(?:json|wasm)|font\/[\w.+-]+|image\/(?:x-icon|svg\+xml))$/
/** A simulation block's single HTML file (the key shape of its uploads). */
const SIMULATION_FILE = /^courses\/[^/]+\/block-simulation\/[^/]+$/
/** A block image: SVG keeps its type so that an `<img>` shows it (an image never runs its scripts). */
const BLOCK_IMAGE = /^courses\/[^/]+\/block-image\/[^/]+$/

/** Every file answer that is not a simulation: nothing loads, nothing runs, an opaque origin. */
export const FILE_POLICY = "default-src 'none'; sandbox"
/**
 * PDFs: Chrome refuses to start its PDF viewer under a `sandbox` policy, so a PDF is shown without
 * one. The viewer runs a PDF's scripts in its own isolated process, never as our page; its inline
 * styles are allowed so that it lays the document out.
 */
export const PDF_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'"

/**
 * A simulation's page: its scripts run in an opaque origin (`sandbox allow-scripts`, never
 * `allow-same-origin`) and may load only the files of its own package (`packageSource`, the
 * package folder's link; null for a single HTML file, which may only use what it carries inline).
 * It cannot send a form, open windows, leave the frame or reach any other address, and only the
 * app's pages may frame it.
 */
export function simulationPolicy(packageSource: string | null, frameAncestors: string): string {
  const own = packageSource ? [packageSource] : []
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', [...own, "'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'", 'blob:']],
    ['style-src', [...own, "'unsafe-inline'"]],
    ['img-src', [...own, 'data:', 'blob:']],
    ['media-src', [...own, 'data:', 'blob:']],
    ['font-src', [...own, 'data:']],
    ['connect-src', own.length ? own : ["'none'"]],
    ['worker-src', [...own, 'blob:']],
    ['form-action', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', [frameAncestors]],
  ]
  return [...directives.map(([name, values]) => `${name} ${values.join(' ')}`), 'sandbox allow-scripts'].join('; ')
}

export interface FileAnswer {
  contentType: string
  policy: string
  /** `attachment; filename="…"` when the file is only ever downloaded. */
  disposition?: string
  /** Whether this is a simulation's page (framed by the app: no X-Frame-Options). */
  simulation: boolean
}

export interface AnswerContext {
  key: string
  /** The stored (declared) type. */
  contentType: string
  /** For a file of a package's folder link: the package folder's link as a CSP source (null: unknown). */
  packageSource?: string | null
  /** Who may frame a simulation: `'self'`, or the app's origin when files have an origin of their own. */
  frameAncestors: string
}

/** What a file is answered as, from its key and stored type. */
export function fileAnswer(context: AnswerContext): FileAnswer {
  const { key, contentType: type } = context
  const inPackage = context.packageSource !== undefined
  if (DOCUMENT.test(type) && (inPackage || SIMULATION_FILE.test(key))) {
    return { contentType: `${type}; charset=utf-8`, policy: simulationPolicy(context.packageSource ?? null, context.frameAncestors), simulation: true }
  }
  if (INLINE.test(type) || (inPackage && SUBRESOURCE.test(type))) {
    return { contentType: type.startsWith('text/') ? `${type}; charset=utf-8` : type, policy: FILE_POLICY, simulation: false }
  }
  if (type === 'application/pdf') return { contentType: type, policy: PDF_POLICY, simulation: false }
  const disposition = attachment(key)
  if (type === 'image/svg+xml' && BLOCK_IMAGE.test(key)) return { contentType: type, policy: FILE_POLICY, disposition, simulation: false }
  // Anything else (pages, SVG, XML, scripts, styles, code, archives, unknown types) is bytes to save.
  return { contentType: 'application/octet-stream', policy: FILE_POLICY, disposition, simulation: false }
}

/** The download's name: the key's last segment without the upload's random prefix. */
export function attachment(key: string): string {
  const name = key
    .split('/')
    .pop()!
    .replace(/^[0-9a-f]{16}-/, '')
  return `attachment; filename="${name}"`
}

/**
 * Fetches the app's own pages must never make to a file: a file as a script, a worker or a style
 * sheet. (A simulation loads its files from an opaque origin: its requests are cross-site.)
 */
export function isSameOriginCodeLoad(headers: Record<string, string | string[] | undefined>): boolean {
  const site = headers['sec-fetch-site']
  const dest = headers['sec-fetch-dest']
  return (
    (site === 'same-origin' || site === 'same-site') &&
    typeof dest === 'string' &&
    /^(?:script|worker|sharedworker|serviceworker|audioworklet|paintworklet|style|xslt)$/.test(dest)
  )
}
