import crypto from 'node:crypto'
import type { ItemKind } from '../../contracts/courses/content.js'
import { seedMode } from '../config.js'
import type { Queryable } from '../db/index.js'
import { publishCourse } from '../courses/content/publish.js'
import { insertItem, type Actor } from '../courses/content/queries.js'
import { registerResources } from '../courses/content/resources.js'
import { cleanValues } from '../courses/content/values.js'
import { insertCourse, insertPlan, setFaq, setMedia, setTags, updateGeneral } from '../courses/model/queries.js'
import { packageWorkDir } from '../packages/unpack.js'
import { isIssuedPath, safeFileName, type UploadKind } from '../storage/kinds.js'
import type { App } from '../types.js'
import { CERTIFICATE_TEMPLATE, DEMO_COURSES, type Asset, type DemoBlock, type DemoCourse } from './courses.js'
import { coverPng, forgettingCurvePng, stepsSvg } from './pictures.js'
import { forgettingCurveHtml, weeklyPlannerHtml } from './simulations.js'
import { demoClip } from './video.js'

/**
 * First run: a small published demo catalogue, so a fresh installation shows what Aula is for. It runs
 * once, on a database that has never held a course, and builds the courses with the same functions the
 * course builder's API uses (values cleaned and files registered as on save, the publication checklist,
 * the immutable snapshot), owned by the bootstrap administrator.
 */

export interface SeedResult {
  /** The courses created and published (empty when skipped). */
  courses: Array<{ uuid: string; name: string; version: number }>
  /** Why nothing was seeded, or null. */
  skipped: string | null
  /** Whether the video blocks could be made (ffmpeg present). */
  videos: boolean
}

export interface SeedOptions {
  /** The ffmpeg executable for the demo clips (default: `ffmpeg` on the PATH). */
  ffmpeg?: string
}

/** Serialises seeding across processes starting on one database. */
const SEED_LOCK = 7261010

interface File {
  data: Buffer
  contentType: string
}

// The PDF library loads only when a catalogue is seeded, not at every start that finds one.
const documents = () => import('./documents.js')

/** Makes one asset's file. */
async function make(asset: Asset, clips: Map<string, Buffer | null>): Promise<File | null> {
  switch (asset.make) {
    case 'cover':
      return { data: coverPng(asset.motif, asset.from, asset.to), contentType: 'image/png' }
    case 'forgetting-curve':
      return { data: forgettingCurvePng(), contentType: 'image/png' }
    case 'steps-diagram':
      return { data: stepsSvg(), contentType: 'image/svg+xml' }
    case 'certificate-template':
      return { data: await (await documents()).certificateTemplatePdf(), contentType: 'application/pdf' }
    case 'first-week-checklist':
      return { data: await (await documents()).firstWeekChecklistPdf(), contentType: 'application/pdf' }
    case 'spaced-review-planner':
      return { data: await (await documents()).spacedReviewPlannerPdf(), contentType: 'application/pdf' }
    case 'weekly-planner':
      return { data: weeklyPlannerHtml(), contentType: 'text/html' }
    case 'forgetting-simulator':
      return { data: forgettingCurveHtml(), contentType: 'text/html' }
    case 'clip': {
      const clip = clips.get(asset.animation)
      return clip ? { data: clip, contentType: 'video/webm' } : null
    }
  }
}

const UPLOAD_KIND: Partial<Record<ItemKind, UploadKind>> = {
  image: 'block-image',
  attachment: 'block-attachment',
  video: 'block-video',
  simulation: 'block-simulation',
}

/** The bootstrap administrator's sub: the admin with ADMIN_EMAIL, else the first administrator. */
export async function bootstrapAdministrator(db: Queryable, adminEmail: string): Promise<string | null> {
  const { rows } = await db.query<{ username: string }>(
    `SELECT u.username FROM identity_users u JOIN identity_user_groups g ON g.username = u.username AND g.group_name = 'admin'
      WHERE u.enabled ORDER BY (u.email_lower = lower($1)) DESC, u.created_at, u.username LIMIT 1`,
    [adminEmail],
  )
  return rows[0]?.username ?? null
}

async function hasCourses(db: Queryable): Promise<boolean> {
  // Deleted courses count too: a catalogue someone emptied is not a first run.
  const { rows } = await db.query('SELECT 1 FROM courses LIMIT 1')
  return rows.length > 0
}

/** A live catalogue row named `name` (any case), created when missing. */
async function categoryId(tx: Queryable, c: DemoCourse['category']): Promise<string> {
  const found = await tx.query<{ id: string }>('SELECT id FROM categories WHERE lower(name) = lower($1) AND deleted_at IS NULL', [c.name])
  if (found.rows[0]) return found.rows[0].id
  const { rows } = await tx.query<{ id: string }>('INSERT INTO categories (name, description) VALUES ($1, $2) RETURNING id', [c.name, c.description])
  return rows[0].id
}

/** The difficulty at `level` on the live scale (the nearest one when that level was removed). */
async function difficultyId(tx: Queryable, level: number): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM difficulties WHERE deleted_at IS NULL ORDER BY abs(level - $1), level LIMIT 1', [level])
  return rows[0]?.id ?? null
}

async function statusId(tx: Queryable, code: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM statuses WHERE code = $1 AND deleted_at IS NULL LIMIT 1', [code])
  return rows[0]?.id ?? null
}

/**
 * Seeds the demo catalogue when this start allows it (AULA_SEED, see `seedMode`) and the database has
 * never held a course. Safe to call on every start and from concurrent starts: only one seeds, once.
 */
export async function seedDemoCatalogue(app: App, options: SeedOptions = {}): Promise<SeedResult> {
  const skip = (skipped: string, videos = false): SeedResult => ({ courses: [], skipped, videos })
  if (seedMode(app.config) === 'none') return skip(app.config.AULA_SEED === 'none' ? 'AULA_SEED is none' : 'DATABASE_URL is set and AULA_SEED is not demo')
  if (await hasCourses(app.db)) return skip('the database already has courses')
  const owner = await bootstrapAdministrator(app.db, app.config.ADMIN_EMAIL)
  if (!owner) return skip('no administrator of the embedded user pool to own the demo courses')
  const actor: Actor = { sub: owner, username: owner }

  // The clips take the longest to make: both encode while nothing is locked.
  const animations = [
    ...new Set(
      DEMO_COURSES.flatMap((c) =>
        c.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'video' && b.asset.make === 'clip' ? [b.asset.animation] : []))),
      ),
    ),
  ]
  const clips = new Map(await Promise.all(animations.map(async (a) => [a, await demoClip(a, options.ffmpeg)] as const)))
  const videos = [...clips.values()].every(Boolean)

  const courses = await app.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK])
    if (await hasCourses(tx)) return null
    const out: SeedResult['courses'] = []
    for (const course of DEMO_COURSES) out.push(await seedCourse(app, tx, course, actor, clips))
    return out
  })
  return courses ? { courses, skipped: null, videos } : skip('the database already has courses', videos)
}

/** Stores a file under a key of the shape the upload policy issues, so the builder treats it as uploaded. */
async function store(app: App, course: string, kind: UploadKind, fileName: string, file: File): Promise<string> {
  const key = `courses/${course}/${kind}/${crypto.randomBytes(8).toString('hex')}-${safeFileName(fileName)}`
  if (!isIssuedPath(key, course, kind)) throw new Error(`demo file name ${fileName} does not make a storage key`)
  await app.storage.put(key, file.data, file.contentType)
  return key
}

async function seedCourse(app: App, tx: Queryable, course: DemoCourse, actor: Actor, clips: Map<string, Buffer | null>) {
  const { uuid } = await insertCourse(tx, course.name, actor.sub)
  await updateGeneral(tx, uuid, {
    durationHours: course.durationHours,
    description: course.description,
    requirements: course.requirements,
    certificateDetails: course.certificateDetails,
    difficultyId: await difficultyId(tx, course.difficultyLevel),
    categoryId: await categoryId(tx, course.category),
    keywords: course.keywords,
    briefDescription: course.briefDescription,
  })
  await setTags(tx, uuid, course.tags)
  await setFaq(tx, uuid, course.faq)
  await setMedia(tx, uuid, 'cover', await store(app, uuid, 'cover', 'portada.png', (await make(course.cover, clips))!))
  await setMedia(tx, uuid, 'template', await store(app, uuid, 'certificate-template', 'plantilla-certificado.pdf', (await make(CERTIFICATE_TEMPLATE, clips))!))
  await insertPlan(tx, uuid, { name: course.plan.name, durationDays: course.plan.durationDays, price: null, currency: null }, 0)

  for (const [i, section] of course.sections.entries()) {
    const sectionId = crypto.randomUUID()
    await insertItem(
      tx,
      {
        id: sectionId,
        course: uuid,
        section: null,
        kind: 'section',
        position: i,
        values: cleanValues('section', { title: section.title, description: section.description }),
      },
      actor,
    )
    // A video that cannot be made is left out, and the section's first text says so.
    const missing = section.blocks.filter((b) => b.kind === 'video' && !clips.get(b.asset.make === 'clip' ? b.asset.animation : ''))
    // Texts about the missing video are reworded or left out with it.
    const blocks = section.blocks
      .filter((b) => !missing.includes(b) && !(missing.length && b.kind === 'text' && b.withoutVideo === null))
      .map((b) => (missing.length && b.kind === 'text' && b.withoutVideo ? { ...b, html: b.withoutVideo } : b))
    const note = missing.map((b) => (b.kind === 'video' ? b.withoutVideo : '')).join('')
    let noted = false
    for (const [j, block] of blocks.entries()) {
      let values = await blockValues(app, uuid, block, clips)
      if (note && !noted && block.kind === 'text') {
        values.html = `${String(values.html)}${note}`
        noted = true
      }
      values = cleanValues(block.kind, values)
      values = await registerResources(app.storage, uuid, block.kind, values, null, packageWorkDir(app.config.dataDir))
      await insertItem(tx, { id: crypto.randomUUID(), course: uuid, section: sectionId, kind: block.kind, position: j, values }, actor)
    }
  }

  // The published state, as the builder's status choice shows it.
  const published = await statusId(tx, 'PUBLISHED')
  if (published) await updateGeneral(tx, uuid, { statusId: published })

  // Publishing as `publish/all` does: the checklist must pass, then the snapshot is frozen and the
  // catalogue row written.
  const publication = await publishCourse(tx, uuid, actor)
  if (!publication) throw new Error(`demo course ${course.name} vanished while seeding`)
  if (publication.failing) throw new Error(`demo course ${course.name} is not ready to publish: ${publication.failing.map((f) => f.message).join(' ')}`)
  return { uuid, name: course.name, version: publication.published.version }
}

/** A block's values before cleaning, its file stored when it has one. */
async function blockValues(app: App, course: string, block: DemoBlock, clips: Map<string, Buffer | null>): Promise<Record<string, unknown>> {
  const common = { title: block.title, required: true }
  switch (block.kind) {
    case 'text':
      return { ...common, html: block.html }
    case 'link':
      return { ...common, url: block.url }
    case 'form': {
      const { kind: _kind, title: _title, ...form } = block
      return { ...common, ...form }
    }
    case 'image':
    case 'attachment':
    case 'simulation':
    case 'video': {
      const file = await make(block.asset, clips)
      if (!file) throw new Error(`demo file ${block.file} could not be made`)
      const path = await store(app, course, UPLOAD_KIND[block.kind]!, block.file, file)
      if (block.kind === 'image') return { ...common, path, alt: block.alt }
      if (block.kind === 'attachment') return { ...common, path, fileName: block.file }
      return { ...common, path }
    }
  }
}
