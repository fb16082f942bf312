import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import type { Queryable } from '../../db/index.js'
import { publishedSnapshot } from '../snapshots.js'
import { countedBlocks } from '../progress/rules.js'
import { deleteCatalogueRow, staleCatalogueCourses, upsertCatalogueRow } from './queries.js'

/** Visible words of rich text (the description is HTML). */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')

/**
 * Rewrites the catalogue row of a course from its newest published snapshot (or removes it when the
 * course is no longer published). Publishing calls it in its own transaction, so the catalogue never
 * shows a version that was not committed.
 */
export async function refreshPublishedCourse(tx: Queryable, uuid: string): Promise<void> {
  const snap = await publishedSnapshot(tx, uuid)
  if (!snap) return deleteCatalogueRow(tx, uuid)
  await upsertCatalogueRow(tx, catalogueRowOf(snap))
}

export function catalogueRowOf(snap: CourseSnapshot) {
  const c = snap.course
  return {
    uuid: c.uuid,
    version: snap.version,
    name: c.name,
    briefDescription: c.briefDescription,
    coverPath: c.cover,
    thumbnailPath: c.thumbnail,
    category: c.category,
    difficulty: c.difficulty,
    organization: c.organization,
    tags: c.tags,
    durationHours: c.durationHours,
    publishedAt: snap.publishedAt,
    countedBlocks: countedBlocks(snap).map((b) => ({ id: b.id, kind: b.kind })),
    text: {
      a: c.name,
      b: [plain(c.briefDescription), ...c.keywords, ...c.tags, c.category?.name ?? '', c.organization?.name ?? '', c.difficulty?.name ?? ''].join(' '),
      c: plain(c.description),
    },
  }
}

/**
 * Brings the catalogue up to date with what is published (courses published before the catalogue
 * existed, or by a process that did not refresh it). Runs at start; cheap when nothing is stale.
 */
export async function refreshStaleCatalogue(db: Queryable): Promise<number> {
  const stale = await staleCatalogueCourses(db)
  for (const uuid of stale) await refreshPublishedCourse(db, uuid)
  return stale.length
}

/**
 * The search words as a `to_tsquery` text: letters and digits only (no operator a learner could type
 * gets through), each a prefix (`fisi` finds `física`), all required. Null when nothing is left.
 */
export function searchQuery(search: string | undefined): string | null {
  if (!search) return null
  const words = search.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []
  const kept = [...new Set(words.map((w) => w.slice(0, 60)))].slice(0, 12)
  return kept.length ? kept.map((w) => `${w}:*`).join(' & ') : null
}
