/**
 * The content of a course as the editor holds it: sections in order, each with its blocks in order,
 * and the pure operations the editor applies optimistically (and undoes when the server refuses).
 */
import type { HistoryEntry as ContractHistoryEntry } from '../../../contracts/courses/content'
import {
  BLOCK_KINDS,
  QUESTION_TYPES,
  type BlockKind,
  type FormOption,
  type FormQuestion,
  type FormValues,
  type QuestionType,
} from '../../../contracts/courses/content'

export { BLOCK_KINDS, QUESTION_TYPES }
export type { BlockKind, FormOption, FormQuestion, FormValues, QuestionType }

/**
 * The values of a block of any kind, loosely (the contract's per-kind schemas are what the server
 * checks): the editor reads the fields its kind has and keeps the rest as they are.
 */
export interface BlockValues {
  title?: string
  required?: boolean
  html?: string
  path?: string
  url?: string
  alt?: string
  fileName?: string
  size?: number
  name?: string
  tries?: number
  requiredScore?: number
  questions?: FormQuestion[]
  /** For a simulation package: the `index.html` the server extracted from it. */
  entry?: string
  [key: string]: unknown
}

/** A block as the editor holds it: the contract's `ContentBlock`, with what a block added here lacks until the server answers left optional. */
export interface Block {
  id: string
  kind: BlockKind
  position: number
  values: BlockValues
  version: number
  updatedAt?: string
  updatedBy?: string | null
  /** Read URLs of the stored files among the values, by value name (`path`, `entry`). */
  urls?: Record<string, string>
  /** Counts the restores made here: the open editor starts again from the restored values. */
  restored?: number
}

export interface Section {
  id: string
  kind: 'section'
  title: string
  position: number
  blocks: Block[]
}

export type HistoryEntry = Omit<ContractHistoryEntry, 'values'> & { values: BlockValues }

/** Positions dense 0..n-1 in array order, as the server keeps them. */
export function renumber<T extends { position: number }>(items: T[]): T[] {
  return items.map((item, position) => (item.position === position ? item : { ...item, position }))
}

/** The section holding `blockId` and the block's index in it, or null. */
export function locate(sections: Section[], blockId: string): { section: Section; index: number } | null {
  for (const section of sections) {
    const index = section.blocks.findIndex((b) => b.id === blockId)
    if (index >= 0) return { section, index }
  }
  return null
}

/** Moves `blockId` to `toSection` at `toIndex` (same or another section). */
export function moveBlock(sections: Section[], blockId: string, toSection: string, toIndex: number): Section[] {
  const from = locate(sections, blockId)
  if (!from || !sections.some((s) => s.id === toSection)) return sections
  const block = from.section.blocks[from.index]!
  const without = sections.map((s) => (s.id === from.section.id ? { ...s, blocks: s.blocks.filter((b) => b.id !== blockId) } : s))
  return without.map((s) => {
    if (s.id !== toSection) return s.id === from.section.id ? { ...s, blocks: renumber(s.blocks) } : s
    const blocks = [...s.blocks]
    blocks.splice(Math.max(0, Math.min(toIndex, blocks.length)), 0, block)
    return { ...s, blocks: renumber(blocks) }
  })
}

/** Moves the section `sectionId` to `toIndex`. */
export function moveSection(sections: Section[], sectionId: string, toIndex: number): Section[] {
  const index = sections.findIndex((s) => s.id === sectionId)
  if (index < 0) return sections
  const next = [...sections]
  const [section] = next.splice(index, 1)
  next.splice(Math.max(0, Math.min(toIndex, next.length)), 0, section!)
  return renumber(next)
}

export function updateBlock(sections: Section[], blockId: string, change: (block: Block) => Block): Section[] {
  return sections.map((s) => (s.blocks.some((b) => b.id === blockId) ? { ...s, blocks: s.blocks.map((b) => (b.id === blockId ? change(b) : b)) } : s))
}

/** Removes a section (with its blocks) or a block. */
export function removeItem(sections: Section[], id: string): Section[] {
  if (sections.some((s) => s.id === id)) return renumber(sections.filter((s) => s.id !== id))
  return sections.map((s) => (s.blocks.some((b) => b.id === id) ? { ...s, blocks: renumber(s.blocks.filter((b) => b.id !== id)) } : s))
}

/** A new id for an item, made here so that an add queued offline is sent once (the server takes it). */
export const newId = (): string => crypto.randomUUID()

/** The values a new block of `kind` starts with. */
export function emptyValues(kind: BlockKind): BlockValues {
  switch (kind) {
    case 'text':
      return { html: '' }
    case 'image':
      return { alt: '' }
    case 'link':
      return { url: '', title: '' }
    case 'form':
      return { name: '', tries: 1, requiredScore: 70, questions: [] }
    case 'scorm':
      return { completeWhen: 'completed' }
    case 'assignment':
      return { instructions: '', maxFiles: 1, textAnswer: 'optional', dueMode: 'none', grading: 'rubric', rubric: [], passMark: 50, weight: 1 }
    default:
      return {}
  }
}
