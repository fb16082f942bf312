import fs from 'node:fs'
import nodePath from 'node:path'
import { fileTypeFromFile } from 'file-type'
import { MAX_REPORT_ENTRIES, type ImportReport, type ImportReportEntry, type ImportSkipReason } from '../../../contracts/courses/cartridge.js'
import type { FormQuestion } from '../../../contracts/courses/content.js'
import { UPLOAD_KINDS } from '../../../contracts/storage/kinds.js'
import type { PackageFile } from '../../packages/extract.js'
import { cleanValues } from '../content/values.js'
import { bodyOf, clip, plainText } from './html.js'
import { metadataOf, questionOf } from './qti.js'
import { attr, kid, kids, parseXml, path, text, XmlRefusal, type XNode } from '../../packages/xml.js'

/**
 * Reads an unpacked IMS Common Cartridge (1.1–1.3) into the plan of a draft: its name, its sections
 * (the organization's top-level items, deeper items flattened into them in order) and their blocks
 * (pages as text, other files as attachments, web links, QTI assessments as forms), the files to
 * store, and the report of what was not imported. This runs in the cartridge worker
 * (`worker.ts`), never on the server's event loop; block values are cleaned here with the same
 * `cleanValues` the builder's writes use (pages sanitised with the documents' sanitiser).
 */

/** A cartridge refused as a whole (400): no manifest, a manifest that cannot be read, not a cartridge. */
export class CartridgeRefusal extends Error {}

const MB = 1024 * 1024
/** The largest XML document (manifest, assessment, web link) read. */
export const MAX_XML_BYTES = 5 * MB
/** The largest HTML page read into a text block. */
const MAX_PAGE_BYTES = 2 * MB
/** Items of the organization walked at most. */
const MAX_ITEMS = 5000
const MAX_QUESTIONS = 200

export interface PlanFile {
  /** The file's name in the unpacked package. */
  source: string
  fileName: string
  size: number
  crc32: number
  contentType: string
  kind: 'block-image' | 'block-attachment'
}

export interface PlanBlock {
  kind: 'text' | 'image' | 'attachment' | 'link' | 'form'
  values: Record<string, unknown>
  /** The index in `files` of the file this block shows (its `path` is set once it is stored). */
  file?: number
}

export interface CartridgePlan {
  name: string
  sections: Array<{ title: string; blocks: PlanBlock[] }>
  files: PlanFile[]
  report: ImportReport
}

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }
const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  zip: 'application/zip',
  ...IMAGE_TYPES,
}
const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '')
const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1)

interface Resource {
  id: string
  type: string
  href: string | null
  files: string[]
}

class Reader {
  private readonly byName = new Map<string, PackageFile>()
  private readonly byLower = new Map<string, PackageFile>()
  private readonly files: PlanFile[] = []
  private readonly fileIndex = new Map<string, number>()
  private readonly entries: ImportReportEntry[] = []
  private more = 0
  private readonly counts = { sections: 0, text: 0, image: 0, attachment: 0, link: 0, form: 0, questions: 0 }
  private resources = new Map<string, Resource>()
  private walked = 0

  constructor(
    private readonly dir: string,
    packageFiles: PackageFile[],
  ) {
    for (const f of packageFiles) {
      this.byName.set(f.name, f)
      this.byLower.set(f.name.toLowerCase(), f)
    }
  }

  report(reason: ImportSkipReason, title: string, detail: string) {
    if (this.entries.length >= MAX_REPORT_ENTRIES) {
      this.more += 1
      return
    }
    this.entries.push({ reason, title: clip(title || '—', 300), detail: clip(detail, 500) })
  }

  /**
   * A file of the package by a reference relative to `from` (a folder, '' for the top), or null. A
   * reference through `$IMS-CC-FILEBASE$` (how cartridges point at their shared files) is looked for
   * beside the page, at the top and in `web_resources/`, where exporters put those files.
   */
  find(ref: string, from: string): PackageFile | null {
    const raw = ref.split(/[?#]/)[0]
    const viaBase = /\$IMS-CC-FILEBASE\$|%24IMS-CC-FILEBASE%24/i.test(raw)
    let decoded = raw.replace(/\$IMS-CC-FILEBASE\$|%24IMS-CC-FILEBASE%24/gi, '')
    try {
      decoded = decodeURIComponent(decoded)
    } catch {
      // kept as written
    }
    if (!decoded || decoded.includes('\0') || decoded.includes('\\')) return null
    const rooted = decoded.startsWith('/')
    const rest = decoded.replace(/^\/+/, '')
    const candidates =
      rooted && !viaBase ? [rest] : viaBase ? [from ? `${from}/${rest}` : rest, rest, `web_resources/${rest}`] : [from ? `${from}/${rest}` : rest]
    for (const joined of candidates) {
      const found = this.lookup(joined)
      if (found) return found
    }
    return null
  }

  /** A path inside the package, `.` and `..` resolved (null when it leads out of the package). */
  private lookup(joined: string): PackageFile | null {
    const segments: string[] = []
    for (const s of joined.split('/')) {
      if (s === '' || s === '.') continue
      if (s === '..') {
        if (!segments.length) return null
        segments.pop()
      } else segments.push(s)
    }
    const name = segments.join('/')
    return this.byName.get(name) ?? this.byLower.get(name.toLowerCase()) ?? null
  }

  read(file: PackageFile): string {
    return fs.readFileSync(nodePath.join(this.dir, ...file.name.split('/')), 'utf8')
  }

  xml(file: PackageFile): XNode {
    if (file.size > MAX_XML_BYTES) throw new XmlRefusal(`${file.name} is larger than ${MAX_XML_BYTES / MB} MB`)
    return parseXml(this.read(file), file.name)
  }

  /** The plan's index of a file to store (once per file). */
  async planFile(file: PackageFile, title: string): Promise<{ index: number; kind: PlanFile['kind'] } | null> {
    const known = this.fileIndex.get(file.name)
    if (known !== undefined) return { index: known, kind: this.files[known].kind }
    const ext = extOf(file.name)
    let kind: PlanFile['kind'] = 'block-attachment'
    let contentType = FILE_TYPES[ext] ?? 'application/octet-stream'
    if (IMAGE_TYPES[ext]) {
      // An image block only for bytes that are the image they say; anything else is kept as a file.
      const found = await fileTypeFromFile(nodePath.join(this.dir, ...file.name.split('/'))).catch(() => undefined)
      if (found?.mime === IMAGE_TYPES[ext]) kind = 'block-image'
      else contentType = 'application/octet-stream'
    }
    if (file.size > UPLOAD_KINDS[kind].maxBytes) {
      this.report('too-large', title, `${file.name} (${Math.ceil(file.size / MB)} MB)`)
      return null
    }
    const index = this.files.push({ source: file.name, fileName: baseName(file.name), size: file.size, crc32: file.crc32, contentType, kind }) - 1
    this.fileIndex.set(file.name, index)
    return { index, kind }
  }

  async fileBlock(file: PackageFile, title: string, asImage: boolean, alt = ''): Promise<PlanBlock | null> {
    const planned = await this.planFile(file, title)
    if (!planned) return null
    if (asImage && planned.kind === 'block-image') {
      this.counts.image += 1
      return { kind: 'image', values: { title, alt: clip(alt, 500) }, file: planned.index }
    }
    this.counts.attachment += 1
    return { kind: 'attachment', values: { title, fileName: clip(baseName(file.name), 255) }, file: planned.index }
  }

  manifest(): XNode {
    const file = this.byName.get('imsmanifest.xml')
    if (!file) throw new CartridgeRefusal('This is not a Common Cartridge: there is no imsmanifest.xml at the top of the file')
    let doc: XNode
    try {
      doc = this.xml(file)
    } catch (error) {
      throw new CartridgeRefusal(`The cartridge's manifest cannot be read: ${(error as Error).message}`)
    }
    const manifest = kid(doc, 'manifest')
    if (!manifest) throw new CartridgeRefusal("The cartridge's manifest has no manifest element")
    return manifest
  }

  async plan(fileName: string): Promise<CartridgePlan> {
    const manifest = this.manifest()
    const metadata = kid(manifest, 'metadata')
    const schema = text(kid(metadata, 'schema'))
    const version = text(kid(metadata, 'schemaversion'))
    if (!/^1\.[0-3](\.\d+)?$/.test(version) || (schema && !/common cartridge/i.test(schema))) {
      throw new CartridgeRefusal(
        `This is not a Common Cartridge 1.1 to 1.3 (schema ${JSON.stringify(clip(schema, 60))}, version ${JSON.stringify(clip(version, 20))})`,
      )
    }
    for (const r of kids(kid(manifest, 'resources'), 'resource')) {
      const id = attr(r, 'identifier')
      if (!id) continue
      const base = (attr(r, 'base') ?? '').replace(/^\/+|\/+$/g, '')
      const inBase = (href: string) => (base ? `${base}/${href}` : href)
      const href = attr(r, 'href')
      this.resources.set(id, {
        id,
        type: attr(r, 'type') ?? '',
        href: href ? inBase(href) : null,
        files: kids(r, 'file')
          .map((f) => attr(f, 'href'))
          .filter((h): h is string => !!h)
          .map(inBase),
      })
    }

    const organization = path(manifest, 'organizations', 'organization')
    let top = kids(organization, 'item')
    let rootTitle = ''
    if (top.length === 1 && !attr(top[0], 'identifierref') && kids(top[0], 'item').length) {
      rootTitle = text(kid(top[0], 'title'))
      top = kids(top[0], 'item')
    }
    const lomTitle = text(path(metadata, 'lom', 'general', 'title', 'string'))
    const name = clip(lomTitle || rootTitle || fileName.replace(/\.(imscc|zip)$/i, '') || 'Common Cartridge', 300)

    const sections: CartridgePlan['sections'] = []
    for (const [i, item] of top.entries()) {
      const title = clip(text(kid(item, 'title')) || `${i + 1}`, 300)
      const blocks: PlanBlock[] = []
      await this.walk(item, blocks)
      sections.push({ title, blocks })
      this.counts.sections += 1
    }
    for (const r of this.resources.values()) {
      if (/question-bank$/.test(r.type)) this.report('question-bank', r.id, r.type)
    }
    return {
      name,
      sections,
      files: this.files,
      report: { version, fileName: clip(fileName, 255), imported: this.counts, entries: this.entries, more: this.more },
    }
  }

  /** The blocks of `item` and every item under it, in order. */
  private async walk(item: XNode, blocks: PlanBlock[]): Promise<void> {
    this.walked += 1
    if (this.walked > MAX_ITEMS) throw new CartridgeRefusal(`The cartridge's organization has more than ${MAX_ITEMS} items`)
    const title = clip(text(kid(item, 'title')), 300)
    const ref = attr(item, 'identifierref')
    if (ref) {
      const resource = this.resources.get(ref)
      if (!resource) this.report('missing-file', title, `resource ${ref}`)
      else blocks.push(...(await this.resource(resource, title)))
    }
    for (const child of kids(item, 'item')) await this.walk(child, blocks)
  }

  private async resource(r: Resource, title: string): Promise<PlanBlock[]> {
    const type = r.type
    try {
      if (type === 'webcontent') return await this.webContent(r, title)
      if (/^imswl_xmlv1p\d$/.test(type)) return this.webLink(r, title)
      if (/^imsqti_xmlv1p2\/imscc_xmlv1p\d\/assessment$/.test(type)) return this.assessment(r, title)
      if (/^imsdt_xmlv1p\d$/.test(type)) this.report('discussion', title, type)
      else if (/^imsbasiclti_xmlv1p\d$/.test(type)) this.report('lti', title, type)
      else if (/question-bank$/.test(type)) this.report('question-bank', title, type)
      else this.report('unsupported', title, type || 'no type')
    } catch (error) {
      if (error instanceof XmlRefusal) this.report('invalid', title, error.message)
      else throw error
    }
    return []
  }

  private mainFile(r: Resource, title: string): PackageFile | null {
    const href = r.href ?? r.files[0]
    const file = href ? this.find(href, '') : null
    if (!file) this.report('missing-file', title, href ?? `resource ${r.id}`)
    return file
  }

  private async webContent(r: Resource, title: string): Promise<PlanBlock[]> {
    const file = this.mainFile(r, title)
    if (!file) return []
    const blockTitle = title || baseName(file.name)
    if (!/\.x?html?$/i.test(file.name)) {
      const block = await this.fileBlock(file, blockTitle, false)
      return block ? [block] : []
    }
    if (file.size > MAX_PAGE_BYTES) {
      this.report('too-large', blockTitle, file.name)
      return []
    }
    const page = this.read(file)
    let html = bodyOf(page)
    const folder = file.name.includes('/') ? file.name.slice(0, file.name.lastIndexOf('/')) : ''
    const after: PlanBlock[] = []
    const placed = new Set<string>()
    const isLocal = (ref: string) => !!ref && !/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref.replace(/^\$IMS-CC-FILEBASE\$|^%24IMS-CC-FILEBASE%24/i, 'x'))

    // Images the page shows: each becomes an image block right after the page (the page's <img> is dropped).
    const images: Array<{ tag: string; src: string; alt: string }> = []
    for (const m of html.matchAll(/<img\b[^>]*>/gi)) {
      const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[0])
      const ref = (src?.[1] ?? src?.[2] ?? src?.[3] ?? '').trim()
      if (!isLocal(ref)) continue
      const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(m[0])
      images.push({ tag: m[0], src: ref, alt: plainText(alt?.[1] ?? alt?.[2] ?? '') })
    }
    for (const image of images) {
      html = html.replace(image.tag, '')
      const target = this.find(image.src, folder)
      if (!target) {
        this.report('missing-file', blockTitle, image.src)
        continue
      }
      if (placed.has(target.name)) continue
      placed.add(target.name)
      const block = await this.fileBlock(target, image.alt || baseName(target.name), true, image.alt)
      if (block) {
        after.push(block)
        this.report('page-file', blockTitle, target.name)
      }
    }
    // Files the page links to: kept as attachment blocks after it (the link keeps its text).
    const links: Array<{ tag: string; href: string }> = []
    for (const m of html.matchAll(/<a\b[^>]*>/gi)) {
      const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[0])
      const ref = (href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim()
      if (isLocal(ref)) links.push({ tag: m[0], href: ref })
    }
    for (const link of links) {
      html = html.replace(link.tag, '<a>')
      const target = this.find(link.href, folder)
      if (!target) {
        this.report('missing-file', blockTitle, link.href)
        continue
      }
      if (/\.x?html?$/i.test(target.name) || placed.has(target.name)) continue
      placed.add(target.name)
      const block = await this.fileBlock(target, baseName(target.name), false)
      if (block) {
        after.push(block)
        this.report('page-file', blockTitle, target.name)
      }
    }
    let values: Record<string, unknown>
    try {
      values = cleanValues('text', { title: blockTitle, html })
    } catch {
      this.report('too-large', blockTitle, file.name)
      return after
    }
    this.counts.text += 1
    return [{ kind: 'text', values }, ...after]
  }

  private webLink(r: Resource, title: string): PlanBlock[] {
    const file = this.mainFile(r, title)
    if (!file) return []
    const link = kid(this.xml(file), 'webLink')
    const linkTitle = title || text(kid(link, 'title'))
    const url = attr(kid(link, 'url'), 'href') ?? ''
    try {
      const values = cleanValues('link', { title: clip(linkTitle, 300), url })
      this.counts.link += 1
      return [{ kind: 'link', values }]
    } catch {
      this.report('invalid', linkTitle, clip(url, 200) || 'no address')
      return []
    }
  }

  private assessment(r: Resource, title: string): PlanBlock[] {
    const file = this.mainFile(r, title)
    if (!file) return []
    const assessment = path(this.xml(file), 'questestinterop', 'assessment')
    if (!assessment) {
      this.report('invalid', title, `${file.name} holds no assessment`)
      return []
    }
    const name = clip(text(kid(assessment, 'title')) || attr(assessment, 'title') || title, 300)
    const meta = metadataOf(kid(assessment, 'qtimetadata'))
    const attempts = (meta.get('cc_maxattempts') ?? '').toLowerCase()
    const tries = attempts === 'unlimited' ? 20 : Math.min(20, Math.max(1, Number.parseInt(attempts, 10) || 1))
    const questions: FormQuestion[] = []
    const items: XNode[] = []
    const collect = (section: XNode | undefined, depth: number) => {
      if (!section || depth > 10) return
      items.push(...kids(section, 'item'))
      for (const s of kids(section, 'section')) collect(s, depth + 1)
    }
    collect(assessment, 0)
    for (const item of items) {
      const itemTitle = attr(item, 'title') ?? attr(item, 'ident') ?? name
      if (questions.length >= MAX_QUESTIONS) {
        this.report('question', itemTitle, `more than ${MAX_QUESTIONS} questions`)
        continue
      }
      const question = questionOf(item, questions.length)
      if (typeof question === 'string') this.report('question', clip(`${name}: ${itemTitle}`, 300), question)
      else questions.push(question)
    }
    if (!questions.length) {
      this.report('question', name, 'no question of a type forms have')
      return []
    }
    const values = cleanValues('form', { title: name, name, tries, requiredScore: 70, questions })
    this.counts.form += 1
    this.counts.questions += questions.length
    return [{ kind: 'form', values }]
  }
}

/** Reads the cartridge unpacked in `dir` (its checked `files`) that was uploaded as `fileName`. */
export async function readCartridge(dir: string, files: PackageFile[], fileName: string): Promise<CartridgePlan> {
  return new Reader(dir, files).plan(fileName)
}
