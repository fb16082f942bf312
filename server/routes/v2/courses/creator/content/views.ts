import type { BlockKind, ContentBlock, ContentItem, ContentSection } from '../../../../../../contracts/courses/content.js'
import { liveItem, liveItems, type ItemRow } from '../../../../../courses/content/queries.js'
import { resourceUrls } from '../../../../../courses/content/resources.js'
import { withoutAnswers } from '../../../../../courses/content/values.js'
import { iso } from '../../../../../http/dates.js'
import type { Queryable } from '../../../../../db/index.js'
import type { Storage } from '../../../../../storage/index.js'

/** Sections and blocks as the content routes answer them, with read URLs of their files. */
export function contentViews(storage: Storage) {
  async function block(row: ItemRow, answers: boolean): Promise<ContentBlock> {
    const values = answers ? row.values : withoutAnswers(row.kind, row.values)
    const urls = await resourceUrls(storage, row.values)
    return {
      id: row.id,
      kind: row.kind as BlockKind,
      section: row.section_id!,
      position: row.position,
      values,
      version: row.version,
      updatedAt: iso(row.updated_at),
      updatedBy: row.updated_by_name,
      ...(urls ? { urls } : {}),
    }
  }

  async function section(row: ItemRow, children: ItemRow[], answers: boolean): Promise<ContentSection> {
    return {
      id: row.id,
      kind: 'section',
      title: String(row.values.title ?? ''),
      position: row.position,
      values: row.values,
      version: row.version,
      updatedAt: iso(row.updated_at),
      updatedBy: row.updated_by_name,
      blocks: await Promise.all(children.map((b) => block(b, answers))),
    }
  }

  /** The whole content of a course, sections and blocks by position. */
  async function tree(db: Queryable, course: string, answers: boolean): Promise<ContentSection[]> {
    const rows = await liveItems(db, course)
    return Promise.all(
      rows
        .filter((r) => r.kind === 'section')
        .map((s) =>
          section(
            s,
            rows.filter((b) => b.section_id === s.id),
            answers,
          ),
        ),
    )
  }

  /** One item as a write answers it: a section with its blocks, or a block. */
  async function written(db: Queryable, course: string, id: string): Promise<ContentItem> {
    const row = (await liveItem(db, course, id))!
    if (row.kind !== 'section') return block(row, true)
    const children = (await liveItems(db, course)).filter((b) => b.section_id === row.id)
    return section(row, children, true)
  }

  return { block, section, tree, written }
}
