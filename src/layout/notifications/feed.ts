import { useEffect, useSyncExternalStore } from 'react'
import type { Notification } from '../../../contracts/notifications'
import { refreshSession, storedJwt } from '../../authProvider'
import { notificationVerbs, NOTIFICATIONS_API } from '../../dataProvider/verbs/notifications'

/** How many of the latest the bell's menu shows. */
export const LATEST = 8

export interface FeedState {
  /** Null until the first answer. */
  unread: number | null
  latest: Notification[]
}

/**
 * The signed-in user's unread count and latest notifications, shared by the bell and the list page,
 * kept live by the server's event stream (decision 0032). The stream is read with `fetch`, not
 * EventSource: the API authenticates with the bearer token, which EventSource cannot send, and a token
 * in the URL would end up in access logs. Every (re)connection opens with the unread count and
 * reloads the latest, so nothing made while disconnected is missed.
 */
let state: FeedState = { unread: null, latest: [] }
const listeners = new Set<() => void>()
let users = 0
let abort: AbortController | null = null
let retry: ReturnType<typeof setTimeout> | null = null
let delay = 0

function set(next: Partial<FeedState>) {
  state = { ...state, ...next }
  for (const l of listeners) l()
}

const now = () => new Date().toISOString()

/** Marks one read: at once on screen, then on the server (a failure shows again at the next reload). */
export function markNotificationRead(id: string): void {
  const shown = state.latest.find((x) => x.id === id)
  set({
    unread: shown?.readAt || state.unread === null ? state.unread : Math.max(0, state.unread - 1),
    latest: state.latest.map((x) => (x.id === id ? { ...x, readAt: x.readAt ?? now() } : x)),
  })
  notificationVerbs.markNotificationRead(id).then(
    () => (shown ? undefined : reload()),
    () => {},
  )
}

/** Marks every one read, on screen and on the server. */
export function markAllNotificationsRead(): void {
  set({ unread: 0, latest: state.latest.map((x) => ({ ...x, readAt: x.readAt ?? now() })) })
  notificationVerbs.markAllNotificationsRead().catch(() => {})
}

async function reload() {
  try {
    const [unread, page] = await Promise.all([notificationVerbs.unreadNotifications(), notificationVerbs.listNotifications(LATEST)])
    set({ unread, latest: page.items })
  } catch {
    // The bell keeps what it showed; the next connection tries again.
  }
}

function handle(event: string, data: string) {
  try {
    if (event === 'unread') set({ unread: (JSON.parse(data) as { unread: number }).unread })
    else if (event === 'notification') {
      const n = JSON.parse(data) as Notification
      if (state.latest.some((x) => x.id === n.id)) return
      set({ unread: (state.unread ?? 0) + 1, latest: [n, ...state.latest].slice(0, LATEST) })
    } else if (event === 'resync') void reload()
  } catch {
    // An unreadable event is skipped.
  }
}

async function open(signal: AbortSignal, refreshed = false): Promise<void> {
  const token = storedJwt()
  if (!token) return
  const res = await fetch(`${NOTIFICATIONS_API}/stream`, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }, signal })
  if (res.status === 401 && !refreshed) {
    await refreshSession()
    return open(signal, true)
  }
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`)
  delay = 0
  void reload()
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const chunk = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of chunk.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
      }
      if (data.length) handle(event, data.join('\n'))
    }
  }
}

function connect() {
  abort = new AbortController()
  const signal = abort.signal
  open(signal).then(
    () => again(signal),
    () => again(signal),
  )
}

/** Reconnects after a growing pause (5 s, doubling to a minute) unless the feed was stopped. */
function again(signal: AbortSignal) {
  if (signal.aborted || users === 0) return
  delay = Math.min(60_000, delay ? delay * 2 : 5_000)
  retry = setTimeout(connect, delay)
}

function start() {
  // Signed out (a public page, or before sign-in finished): nothing to show.
  if (!storedJwt()) return
  void reload()
  connect()
}

function stop() {
  abort?.abort()
  abort = null
  if (retry) clearTimeout(retry)
  retry = null
  delay = 0
  state = { unread: null, latest: [] }
}

/** The live feed; the first component using it opens the stream and the last one closes it. */
export function useNotificationFeed(): FeedState {
  useEffect(() => {
    if (users++ === 0) start()
    return () => {
      if (--users === 0) stop()
    }
  }, [])
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => state,
  )
}
