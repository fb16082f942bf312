import type { ScormVersion } from '../../../contracts/courses/content.js'
import type { PackageFile } from '../../packages/extract.js'
import { attr, kid, kids, parseXml, text, type XNode } from '../../packages/xml.js'

/**
 * Reads a SCORM package's `imsmanifest.xml` (SCORM 1.2 and SCORM 2004 3rd/4th edition): its version,
 * its title and the SCOs its default organization launches, in order, each with the file it starts
 * at (checked to be in the package), its mastery score and its launch data. Runs in the SCORM worker.
 */

/** A package refused for its manifest (a 400 with this message). */
export class ManifestRefusal extends Error {}

/** The largest manifest read. */
export const MAX_MANIFEST_BYTES = 5 * 1024 * 1024
/** SCOs a package may launch at most. */
export const MAX_SCOS = 200
/** Items of the organization walked at most. */
const MAX_ITEMS = 5000

export interface ManifestSco {
  id: string
  title: string
  /** The file the SCO starts at, inside the package (slash-separated). */
  file: string
  parameters?: string
  masteryScore?: number
  launchData?: string
}

export interface Manifest {
  version: ScormVersion
  edition?: string
  title: string
  scos: ManifestSco[]
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** The version the manifest declares: its `schemaversion`, else the namespaces it uses. */
function versionOf(raw: string, root: XNode): { version: ScormVersion; edition?: string } {
  const declared = text(kid(kid(root, 'metadata'), 'schemaversion'))
  if (/^1\.2$/.test(declared)) return { version: '1.2' }
  if (/2004|CAM\s*1\.3/i.test(declared)) {
    const edition = /(\d)(?:rd|th|nd)\s+edition/i.exec(declared)
    return { version: '2004', edition: edition ? `${edition[1]}${edition[1] === '2' ? 'nd' : edition[1] === '3' ? 'rd' : 'th'} Edition` : undefined }
  }
  if (/adlcp_rootv1p2/i.test(raw)) return { version: '1.2' }
  if (/adlcp_v1p3|imsss/i.test(raw)) return { version: '2004' }
  throw new ManifestRefusal('The manifest does not say which SCORM version the package follows (1.2 or 2004)')
}

/** `a/./b/../c` → `a/c`; null when it leads out of the package. */
function normalize(path: string): string | null {
  const out: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (out.length === 0) return null
      out.pop()
    } else out.push(segment)
  }
  return out.join('/')
}

/** A folder base (`xml:base`) as a prefix ending with `/` (or ''). */
const base = (node: XNode | undefined) => {
  const b = attr(node, 'base')?.trim() ?? ''
  return b && !b.endsWith('/') ? `${b}/` : b
}

/** A number from the manifest within [min, max], or undefined. */
function numberIn(value: string, min: number, max: number): number | undefined {
  if (!/^-?\d+(?:\.\d+)?$/.test(value.trim())) return undefined
  const n = Number(value)
  return n >= min && n <= max ? n : undefined
}

export function readManifest(raw: string, files: PackageFile[]): Manifest {
  const doc = parseXml(raw, 'imsmanifest.xml')
  const root = kid(doc, 'manifest')
  if (!root) throw new ManifestRefusal('imsmanifest.xml is not a package manifest')
  const { version, edition } = versionOf(raw, root)
  const names = new Map(files.map((f) => [f.name.toLowerCase(), f.name]))

  const resourcesNode = kid(root, 'resources')
  const resources = new Map<string, XNode>()
  for (const r of kids(resourcesNode, 'resource')) {
    const id = attr(r, 'identifier')
    if (id) resources.set(id, r)
  }

  const organizations = kid(root, 'organizations')
  const all = kids(organizations, 'organization')
  const wanted = attr(organizations, 'default')
  const organization = all.find((o) => attr(o, 'identifier') === wanted) ?? all[0]
  if (!organization) throw new ManifestRefusal('The manifest has no organization of the content to launch')

  const scos: ManifestSco[] = []
  let walked = 0
  const walk = (item: XNode) => {
    if (++walked > MAX_ITEMS) throw new ManifestRefusal(`The manifest lists more than ${MAX_ITEMS} items`)
    const ref = attr(item, 'identifierref')
    const resource = ref ? resources.get(ref) : undefined
    const type = (attr(resource, 'scormtype') ?? attr(resource, 'scormType') ?? '').toLowerCase()
    const href = attr(resource, 'href')
    if (resource && type === 'sco' && href) {
      if (scos.length >= MAX_SCOS) throw new ManifestRefusal(`The package launches more than ${MAX_SCOS} SCOs`)
      const [path, query = ''] = `${base(root)}${base(resourcesNode)}${base(resource)}${href}`.split(/\?(.*)/s, 2)
      let decoded = path.split('#')[0]
      try {
        decoded = decodeURIComponent(decoded)
      } catch {
        // kept as written
      }
      const title = clip(text(kid(item, 'title')) || attr(item, 'identifier') || ref!, 300)
      const inside = /^[a-z][a-z0-9+.-]*:/i.test(decoded) ? null : normalize(decoded)
      const file = inside === null ? undefined : names.get(inside.toLowerCase())
      if (!file) throw new ManifestRefusal(`The SCO "${clip(title, 80)}" starts at "${clip(decoded, 200)}", which the package does not hold`)
      const parameters = [query, (attr(item, 'parameters') ?? '').replace(/^[?&]/, '')].filter(Boolean).join('&')
      const sequencing = kid(item, 'sequencing')
      const primary = kid(kid(sequencing, 'objectives'), 'primaryObjective')
      const measure =
        version === '2004' && attr(primary, 'satisfiedByMeasure') === 'true' ? numberIn(text(kid(primary, 'minNormalizedMeasure')) || '1', -1, 1) : undefined
      const mastery = version === '1.2' ? numberIn(text(kid(item, 'masteryscore')), 0, 100) : measure === undefined ? undefined : Math.max(0, measure) * 100
      const launchData = text(kid(item, 'datafromlms')) || text(kid(item, 'dataFromLMS'))
      scos.push({
        id: clip(attr(item, 'identifier') || ref!, 200),
        title,
        file,
        ...(parameters ? { parameters: clip(parameters, 1000) } : {}),
        ...(mastery !== undefined ? { masteryScore: mastery } : {}),
        ...(launchData ? { launchData: launchData.slice(0, 4096) } : {}),
      })
    }
    for (const child of kids(item, 'item')) walk(child)
  }
  for (const item of kids(organization, 'item')) walk(item)
  if (scos.length === 0) throw new ManifestRefusal('The package has no SCO to launch: its organization names no resource of SCORM type "sco"')
  if (new Set(scos.map((s) => s.id)).size !== scos.length) throw new ManifestRefusal('Two items of the manifest have the same identifier')
  const title = clip(text(kid(organization, 'title')) || scos[0].title, 300)
  return { version, ...(edition ? { edition } : {}), title, scos }
}
