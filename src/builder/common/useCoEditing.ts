import { useCallback, useEffect, useRef, useState } from 'react'
import type { CourseDraft } from '../../../contracts/courses/creator'
import type { Section } from '../content/model'
import type { ConflictState } from './ConflictDialog'
import { CHOICE_KINDS, conflictItems, keptWrites, type Choice, type ConflictItem, type SavedCourse } from './conflicts'
import type { PendingRecord, PendingWrite } from './pendingStore'
import type { CourseSaver, SaverStatus } from './saver'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'

/** The decision the page is asking for: this page's refused edits, or a closed tab's being restored. */
export interface Decision {
  mode: 'conflict' | 'restore'
  state: ConflictState
  /** The closed tab's record being restored. */
  record?: PendingRecord
}

export type UnsentOutcome = 'restored' | 'discarded' | 'gone'

/**
 * Co-editing on the builder page: when the saver stops on a stale revision, the course as saved now is
 * fetched and the person decides edit by edit; the unsent edits of closed tabs are listed, and restoring
 * one goes through the same comparison before anything is sent. `fetchCourse` also refreshes the page's
 * copy of the course; `redraw` draws the tabs again from it with what is still pending.
 */
export function useCoEditing(uuid: string, saver: CourseSaver | null, status: SaverStatus, fetchCourse: () => Promise<CourseDraft>, redraw: () => void) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [decision, setDecision] = useState<Decision | null>(null)
  /** Counts the sets of decisions asked for: each one starts unanswered. */
  const [serial, setSerial] = useState(0)
  const [orphans, setOrphans] = useState<PendingRecord[]>([])
  const context = useRef<{ saved: SavedCourse; writes: PendingWrite[]; items: ConflictItem[] } | null>(null)

  const loadSaved = useCallback(
    async (writes: PendingWrite[]): Promise<SavedCourse> => {
      const course = await fetchCourse()
      // The content is compared too when it can be read; general data alone otherwise.
      const sections = await dataProvider.getCourseContent(uuid).then(
        (items) => items as Section[],
        () => null,
      )
      // Catalogue choices are shown by name: the catalogues of the fields these edits change.
      const fields = new Set(writes.filter((w) => w.key === 'general').flatMap((w) => Object.keys(w.body)))
      const kinds = Object.entries(CHOICE_KINDS)
        .filter(([field]) => fields.has(field))
        .map(([, kind]) => kind)
      const lists = await Promise.all(kinds.map((kind) => dataProvider.getCourseChoices(kind).catch(() => [])))
      const choiceNames = Object.fromEntries(lists.flat().map((c) => [c.id, c.name]))
      return { course, sections, choiceNames }
    },
    [dataProvider, fetchCourse, uuid],
  )

  const [outcome, setOutcome] = useState<UnsentOutcome | null>(null)

  const finishRestore = useCallback(
    async (record: PendingRecord, kept: PendingWrite[], revision: number) => {
      if (!saver) return
      const claimed = await saver.store.claim(record.writer)
      setOrphans((list) => list.filter((r) => r.writer !== record.writer))
      setDecision(null)
      if (!claimed) {
        setOutcome('gone')
        return
      }
      saver.adopt(kept, revision)
      setOutcome('restored')
      redraw()
    },
    [saver, redraw],
  )

  /** Compares `writes` with the course as saved now and asks for the decisions (or settles at once when none is needed). */
  const compare = useCallback(
    async (mode: Decision['mode'], writes: PendingWrite[], record?: PendingRecord) => {
      if (!saver) return
      setSerial((n) => n + 1)
      setDecision({ mode, state: { phase: 'loading' }, record })
      let saved: SavedCourse
      try {
        saved = await loadSaved(writes)
      } catch (error) {
        setDecision({ mode, state: { phase: 'failed', error }, record })
        return
      }
      const items = conflictItems(writes, saved)
      context.current = { saved, writes, items }
      if (mode === 'restore' && record && record.baseRevision === saved.course.revision && !record.conflict) {
        // Nobody saved the course since these edits were made: they go out as they are.
        return finishRestore(record, writes, saved.course.revision)
      }
      if (items.length === 0) {
        // Every edit is already what the course has: nothing to send, nothing to ask.
        if (mode === 'conflict') {
          saver.resolve(saved.course.revision, [], writes)
          setDecision(null)
          redraw()
          return
        }
        return finishRestore(record!, [], saved.course.revision)
      }
      setDecision({ mode, state: { phase: 'ready', items }, record })
    },
    [saver, loadSaved, redraw, finishRestore],
  )

  // This page's edits were refused as stale: nothing goes out again before the person decides.
  const conflicted = status === 'conflict'
  useEffect(() => {
    if (conflicted && saver) void compare('conflict', saver.pending())
  }, [conflicted, saver, compare])

  // The unsent edits of pages that are gone, offered once the page has its saver.
  useEffect(() => {
    if (!saver) return
    let live = true
    void saver.store.orphans().then((found) => live && setOrphans(found))
    return () => {
      live = false
    }
  }, [saver])

  const apply = async (choices: Record<string, Choice>) => {
    const ctx = context.current
    if (!saver || !ctx || !decision) return
    const kept = keptWrites(ctx.writes, ctx.items, choices)
    if (decision.mode === 'conflict') {
      saver.resolve(ctx.saved.course.revision, kept, ctx.writes)
      setDecision(null)
      redraw()
    } else if (decision.record) {
      await finishRestore(decision.record, kept, ctx.saved.course.revision)
    }
  }

  const retry = () => {
    if (!saver || !decision) return
    void compare(decision.mode, decision.mode === 'conflict' ? saver.pending() : (decision.record?.writes ?? []), decision.record)
  }

  return {
    decision,
    serial,
    orphans,
    outcome,
    clearOutcome: () => setOutcome(null),
    apply,
    retry,
    cancel: () => setDecision((d) => (d?.mode === 'restore' ? null : d)),
    restore: (record: PendingRecord) => void compare('restore', record.writes, record),
    discard: async (record: PendingRecord) => {
      if (!saver) return
      const done = await saver.store.discard(record.writer)
      setOrphans((list) => list.filter((r) => r.writer !== record.writer))
      setOutcome(done ? 'discarded' : 'gone')
    },
  }
}
