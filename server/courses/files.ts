import type { Storage } from '../storage/index.js'

/** The course a stored key belongs to and the rest of it: `courses/<uuid>/<kind>/<file>`. */
const COURSE_KEY = /^courses\/[^/]+\/(.+)$/

/**
 * The files of a course being cloned, copied to the clone's own keys: a clone that pointed at the
 * original's files would lose them when the original's are replaced or deleted. A key keeps its
 * kind folder and file name under `courses/<clone>/`, so it is one `isIssuedPath` accepts for the
 * clone; a package (zip) takes its unpacked folder (`<zip>.d/`) along. Each key is copied once.
 */
export class CloneFiles {
  private readonly copied = new Map<string, string>()

  constructor(
    private readonly storage: Storage,
    private readonly to: string,
  ) {}

  /** The clone's key for `key` (anything not a course file is left as it is). */
  keyFor(key: string): string {
    const match = COURSE_KEY.exec(key)
    return match ? `courses/${this.to}/${match[1]}` : key
  }

  /**
   * Copies `key` (and the package folder beside it) and returns the clone's key. A file already
   * missing from storage is still given the clone's key: the clone never points at the original.
   */
  async copy(key: string): Promise<string> {
    const known = this.copied.get(key)
    if (known) return known
    const target = this.keyFor(key)
    if (target === key) return key
    this.copied.set(key, target)
    await this.storage.copy(key, target)
    for (const file of await this.storage.list(`${key}.d/`)) {
      const to = this.keyFor(file)
      this.copied.set(file, to)
      await this.storage.copy(file, to)
    }
    return target
  }

  /** A block's values with their stored files (`path`, `entry`, a SCORM package's SCOs) copied to the clone's keys. */
  async values(values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = { ...values }
    // The path first: a package's entry is among the files its folder copy brings.
    for (const field of ['path', 'entry']) {
      const key = out[field]
      if (typeof key === 'string' && COURSE_KEY.test(key)) out[field] = await this.copy(key)
    }
    // A SCORM package's SCOs point into its folder, which the path's copy brought along.
    const pkg = out.package as { scos?: Array<{ entry?: unknown }> } | undefined
    if (pkg && Array.isArray(pkg.scos)) {
      out.package = { ...pkg, scos: pkg.scos.map((sco) => (typeof sco.entry === 'string' ? { ...sco, entry: this.keyFor(sco.entry) } : sco)) }
    }
    return out
  }
}
