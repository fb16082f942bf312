/**
 * Ordering rules shared by `blocks/order`, `blocks/move/section`, add and delete: siblings always end
 * with dense positions 0..n-1. These functions only compute the new order; queries.ts writes it.
 */

/**
 * The siblings (ids in their current order) after the listed ones take the places asked for. Ids not
 * listed keep their relative order in the places left; a place past the end means last. Returns null
 * when an id is not a sibling or is listed twice.
 */
export function reorder(current: readonly string[], updates: ReadonlyArray<{ id: string; position: number }>): string[] | null {
  const known = new Set(current)
  const moved = new Map<string, number>()
  for (const u of updates) {
    if (!known.has(u.id) || moved.has(u.id)) return null
    moved.set(u.id, u.position)
  }
  const n = current.length
  const slots: Array<string | undefined> = new Array(n)
  // Requests in ascending position (ties: order given) claim the nearest free place at or after theirs,
  // or failing that the nearest free place before it.
  const requests = [...moved.entries()].map(([id, position], i) => ({ id, position: Math.min(position, n - 1), i }))
  requests.sort((a, b) => a.position - b.position || a.i - b.i)
  for (const r of requests) {
    let p = r.position
    while (p < n && slots[p] !== undefined) p++
    if (p === n) {
      p = r.position
      while (p >= 0 && slots[p] !== undefined) p--
    }
    slots[p] = r.id
  }
  const rest = current.filter((id) => !moved.has(id))
  let k = 0
  for (let p = 0; p < n; p++) if (slots[p] === undefined) slots[p] = rest[k++]
  return slots as string[]
}

/** The siblings with `id` inserted at `position` (clamped; default last). */
export function insertAt(current: readonly string[], id: string, position?: number): string[] {
  const list = current.filter((x) => x !== id)
  const at = position === undefined ? list.length : Math.max(0, Math.min(position, list.length))
  list.splice(at, 0, id)
  return list
}
