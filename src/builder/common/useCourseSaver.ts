import { useEffect, useState, useSyncExternalStore } from 'react'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { CourseSaver, type SaverOptions, type SaverStatus } from './saver'

/**
 * The course's saver for as long as the builder shows that course: one per uuid, made with the
 * revision of the first fetch, disposed when the builder leaves the course; it sends through the app's
 * dataProvider. Its status re-renders the caller.
 */
export function useCourseSaver(
  uuid: string,
  revision: number | undefined,
  options: Omit<SaverOptions, 'uuid' | 'revision'> = {},
): {
  saver: CourseSaver | null
  status: SaverStatus
} {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [saver, setSaver] = useState<CourseSaver | null>(null)
  const ready = revision !== undefined
  useEffect(() => {
    if (!ready) return
    const made = new CourseSaver({ send: dataProvider.sendCourseWrite, ...options, uuid, revision })
    setSaver(made)
    return () => {
      made.dispose()
      setSaver(null)
    }
    // One saver per course: later revisions come from its own answers or from `resume`.
  }, [uuid, ready])
  const status = useSaverStatus(saver)
  return { saver: saver?.uuid === uuid ? saver : null, status }
}

/** The saver's status, re-rendering on every change. */
export function useSaverStatus(saver: CourseSaver | null): SaverStatus {
  return useSyncExternalStore(
    (listener) => (saver ? saver.subscribe(listener) : () => undefined),
    () => saver?.status ?? 'saved',
  )
}
