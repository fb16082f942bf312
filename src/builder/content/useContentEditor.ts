import { useCallback, useEffect, useRef, useState } from 'react'
import { contentWrites as writes } from '../../dataProvider/builderWrites'
import type { ContentSaver, ContentWrite } from './saverTypes'
import { withPending } from './pending'
import {
  emptyValues,
  locate,
  moveBlock,
  moveSection,
  newId,
  removeItem,
  renumber,
  updateBlock,
  type Block,
  type BlockKind,
  type BlockValues,
  type Section,
} from './model'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'

/** Saving state of one section or block, by id. */
export interface ItemStatus {
  pending: number
  error?: string
  /** The write to send again when the creator asks to retry a refused edit. */
  retry?: ContentWrite
}

export interface ContentState {
  sections: Section[] | undefined
  loadError: Error | undefined
  reload: () => void
  status: Record<string, ItemStatus>
  addSection: (title: string) => string
  renameSection: (id: string, title: string) => void
  addBlock: (section: string, kind: BlockKind) => string
  /** `hold`: keep the values on screen but do not save them yet (the editor shows why). */
  editBlock: (id: string, values: BlockValues, hold?: boolean) => void
  remove: (id: string) => void
  moveBlockTo: (id: string, section: string, index: number) => void
  moveSectionTo: (id: string, index: number) => void
  restore: (id: string, version: number) => Promise<boolean>
  retry: (id: string) => void
  dismiss: (id: string) => void
}

interface ItemAnswer {
  revision?: number
  item?: Partial<Block> & { values?: BlockValues; title?: string }
}

/**
 * The content of one course and every change to it. Each change shows at once (optimistic) and is
 * queued on the course's saver; when the server refuses a structural change (add, delete, order, move)
 * the change is undone and the error kept on that item's id. Refused edits keep what was typed.
 */
export function useContentEditor(course: string, saver: ContentSaver, message: (error: unknown) => string): ContentState {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [sections, setSections] = useState<Section[] | undefined>(undefined)
  const [loadError, setLoadError] = useState<Error | undefined>(undefined)
  const [round, setRound] = useState(0)
  const [status, setStatus] = useState<Record<string, ItemStatus>>({})
  const current = useRef<Section[]>([])

  useEffect(() => {
    let live = true
    dataProvider.getCourseContent(course).then(
      (loaded) => {
        const items = loaded as Section[]
        if (!live) return
        const sorted = renumber([...items].sort((a, b) => a.position - b.position)).map((s) => ({
          ...s,
          blocks: renumber([...s.blocks].sort((a, b) => a.position - b.position)),
        }))
        const ordered = withPending(sorted, saver.pending?.() ?? [])
        current.current = ordered
        setSections(ordered)
        setLoadError(undefined)
      },
      (error: Error) => live && setLoadError(error),
    )
    return () => {
      live = false
    }
    // The saver is the course's for the page's life: a new one comes with a new course.
  }, [dataProvider, course, round, saver])

  // After a conflict the page fetches the course again and the saver replays what is pending: the
  // content is fetched again too, so the creator sees the other tab's changes with theirs on top.
  useEffect(() => {
    if (!saver.subscribe) return
    let last = saver.status
    return saver.subscribe(() => {
      if (last === 'conflict' && saver.status !== 'conflict') setRound((r) => r + 1)
      last = saver.status
    })
  }, [saver])

  const apply = useCallback((change: (sections: Section[]) => Section[]) => {
    current.current = change(current.current)
    setSections(current.current)
  }, [])

  const send = useCallback(
    (id: string, write: ContentWrite, undo?: () => void, debounce = false): Promise<ItemAnswer | undefined> => {
      setStatus((s) => ({ ...s, [id]: { pending: (s[id]?.pending ?? 0) + 1 } }))
      return saver.enqueue(write, { debounce, merge: false }).then(
        (answer) => {
          setStatus((s) => ({ ...s, [id]: { ...s[id], pending: Math.max(0, (s[id]?.pending ?? 1) - 1) } }))
          return answer as ItemAnswer
        },
        (error: unknown) => {
          undo?.()
          setStatus((s) => ({ ...s, [id]: { pending: Math.max(0, (s[id]?.pending ?? 1) - 1), error: message(error), retry: undo ? undefined : write } }))
          return undefined
        },
      )
    },
    [saver, message],
  )

  /** Queues an edit (the answer brings what the server read from an uploaded file); the saver waits for a pause in typing and sends only the last values. */
  const save = useCallback(
    (id: string, write: ContentWrite) => {
      void send(id, write, undefined, true).then((answer) => {
        const item = answer?.item
        if (item?.version !== undefined)
          apply((all) =>
            updateBlock(all, id, (b) => ({
              ...b,
              version: item.version!,
              updatedAt: item.updatedAt ?? b.updatedAt,
              updatedBy: item.updatedBy ?? b.updatedBy,
              urls: item.urls ?? b.urls,
              values: withServerFields(b.values, item.values),
            })),
          )
      })
    },
    [send, apply],
  )

  const addSection = (title: string) => {
    const id = newId()
    apply((all) => [...all, { id, kind: 'section', title, position: all.length, blocks: [] }])
    void send(id, writes.addSection(course, id, title), () => apply((all) => removeItem(all, id)))
    return id
  }

  const renameSection = (id: string, title: string) => {
    apply((all) => all.map((s) => (s.id === id ? { ...s, title } : s)))
    if (title.trim()) save(id, writes.values(course, id, { title }))
  }

  const addBlock = (section: string, kind: BlockKind) => {
    const id = newId()
    const values = emptyValues(kind)
    apply((all) => all.map((s) => (s.id === section ? { ...s, blocks: [...s.blocks, { id, kind, values, position: s.blocks.length, version: 1 }] } : s)))
    void send(id, writes.addBlock(course, section, id, kind, values), () => apply((all) => removeItem(all, id)))
    return id
  }

  const editBlock = (id: string, values: BlockValues, hold = false) => {
    // A new file's read URL comes with the server's answer; the old one must not stand in for it.
    apply((all) => updateBlock(all, id, (b) => ({ ...b, values, urls: values.path === b.values.path && values.entry === b.values.entry ? b.urls : undefined })))
    setStatus((s) => (s[id]?.error ? { ...s, [id]: { pending: s[id].pending } } : s))
    if (!hold) save(id, writes.values(course, id, values))
  }

  const remove = (id: string) => {
    const before = current.current
    const sectionIndex = before.findIndex((s) => s.id === id)
    if (sectionIndex >= 0) {
      const section = before[sectionIndex]!
      apply((all) => removeItem(all, id))
      void send(id, writes.remove(course, id), () =>
        apply((all) => {
          const next = [...all]
          next.splice(Math.min(sectionIndex, next.length), 0, section)
          return renumber(next)
        }),
      )
      return
    }
    const at = locate(before, id)
    if (!at) return
    const block = at.section.blocks[at.index]!
    apply((all) => removeItem(all, id))
    void send(id, writes.remove(course, id), () =>
      apply((all) =>
        all.map((s) => {
          if (s.id !== at.section.id) return s
          const blocks = [...s.blocks]
          blocks.splice(Math.min(at.index, blocks.length), 0, block)
          return { ...s, blocks: renumber(blocks) }
        }),
      ),
    )
  }

  const moveBlockTo = (id: string, section: string, index: number) => {
    const from = locate(current.current, id)
    if (!from || (from.section.id === section && from.index === index)) return
    apply((all) => moveBlock(all, id, section, index))
    const undo = () => apply((all) => moveBlock(all, id, from.section.id, from.index))
    if (from.section.id === section) {
      const ids = current.current.find((s) => s.id === section)!.blocks.map((b) => b.id)
      void send(id, writes.order(course, section, ids), undo)
    } else {
      void send(id, writes.move(course, id, section, index), undo)
    }
  }

  const moveSectionTo = (id: string, index: number) => {
    const from = current.current.findIndex((s) => s.id === id)
    if (from < 0 || from === index) return
    apply((all) => moveSection(all, id, index))
    void send(
      id,
      writes.order(
        course,
        undefined,
        current.current.map((s) => s.id),
      ),
      () => apply((all) => moveSection(all, id, from)),
    )
  }

  const restore = async (id: string, version: number) => {
    const answer = await send(id, writes.restore(course, id, version))
    const item = answer?.item
    if (!item) return false
    apply((all) =>
      updateBlock(all, id, (b) => ({
        ...b,
        values: item.values ?? b.values,
        version: item.version ?? b.version,
        updatedAt: item.updatedAt,
        updatedBy: item.updatedBy,
        urls: item.urls,
        restored: (b.restored ?? 0) + 1,
      })),
    )
    return true
  }

  const retry = (id: string) => {
    const write = status[id]?.retry
    if (write) void send(id, write)
  }

  const dismiss = (id: string) => setStatus((s) => ({ ...s, [id]: { pending: s[id]?.pending ?? 0 } }))

  return {
    sections,
    loadError,
    reload: () => setRound((r) => r + 1),
    status,
    addSection,
    renameSection,
    addBlock,
    editBlock,
    remove,
    moveBlockTo,
    moveSectionTo,
    restore,
    retry,
    dismiss,
  }
}

/** What the server decides about an uploaded file (a package's entry and manifest, a video's length, a file's size). */
const SERVER_FIELDS = ['entry', 'package', 'duration', 'size'] as const

/**
 * The block's values with the server's reading of its file, when the answer is about the file the
 * block still has (anything the creator typed meanwhile stays as typed).
 */
function withServerFields(values: BlockValues, saved: Record<string, unknown> | undefined): BlockValues {
  if (!saved || typeof values.path !== 'string' || saved.path !== values.path) return values
  const next: Record<string, unknown> = { ...values }
  for (const field of SERVER_FIELDS) if (field in saved) next[field] = saved[field]
  return next as BlockValues
}
