import { useCallback, useEffect, useState } from 'react'

export interface TokenPage<T> {
  items: T[]
  paginationToken: string | null
}

export interface TokenPages<T, P extends TokenPage<T>> {
  /** The rows read so far; null until the first page has come. */
  items: T[] | null
  /** The newest page answered (its other fields: counts, filters' choices). */
  page: P | null
  /** Whether there is a next page. */
  hasMore: boolean
  failed: boolean
  /** Appends the next page (rows already shown are not repeated). */
  more: () => Promise<void>
  /** Reads the first page again; the rows shown stay until the answer replaces them (or says it failed). */
  reload: () => void
}

/**
 * A list read page by page with a continuation token ("Show more"). The first page is read again when
 * `query` changes (a new filter) or on `reload`; an answer to a replaced query is dropped.
 */
export function useTokenPages<T, P extends TokenPage<T>>(query: (after: string | null) => Promise<P>, rowKey: (row: T) => string): TokenPages<T, P> {
  const [items, setItems] = useState<T[] | null>(null)
  const [page, setPage] = useState<P | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    query(null).then(
      (first) => {
        if (!live) return
        setItems(first.items)
        setPage(first)
        setFailed(false)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [query, round])

  const token = page?.paginationToken ?? null
  const more = useCallback(async () => {
    if (!token) return
    try {
      const next = await query(token)
      setItems((prev) => {
        const seen = new Set((prev ?? []).map(rowKey))
        return [...(prev ?? []), ...next.items.filter((row) => !seen.has(rowKey(row)))]
      })
      setPage(next)
    } catch {
      setFailed(true)
    }
  }, [query, token, rowKey])

  const reload = useCallback(() => {
    setFailed(false)
    setRound((r) => r + 1)
  }, [])

  return { items, page, hasMore: token !== null && items !== null, failed, more, reload }
}
