import crypto from 'node:crypto'
import os from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { AvatarStyle, AvatarVoice } from '../../contracts/experimental/avatars.js'
import type { Db } from '../db/index.js'
import type { Storage } from '../storage/index.js'
import { resultKey } from './paths.js'
import { claimRequest, failRequest, finishRequest, heartbeat, registerNode, releaseRequest, renewLeases, stopNode, type AvatarRequestRow } from './queries.js'
import { RenderError, type AvatarRenderer } from './renderer.js'
import { notify } from '../notifications/queries.js'

export interface AvatarWorkerOptions {
  /** Requests rendered at once (AVATAR_WORKERS). */
  concurrency: number
  /** How long a taken request stays this node's without a heartbeat renewing it. */
  leaseSeconds?: number
  /** How often the node says it is alive (and renews its leases). */
  heartbeatSeconds?: number
  /** How often it looks for work besides being told of a new request. */
  pollMs?: number
  /** This node's id (default: host, process id and a random part). */
  nodeId?: string
}

/** Takes of one request after which it is failed rather than retried (it stopped a node each time). */
export const MAX_ATTEMPTS = 3
/** A node whose heartbeat is older than this many heartbeats is shown as lost. */
export const LOST_AFTER_HEARTBEATS = 3

interface Running {
  hold: { id: string; node: string; attempt: number }
  abort: AbortController
  done: Promise<void>
}

/**
 * Renders avatar requests in the server process. The queue is the avatar_requests table (see the
 * migration and ./queries.ts): a node takes a request under a lease with FOR UPDATE SKIP LOCKED, its
 * heartbeat renews the lease, and only the holder of the current attempt can settle it — so a request
 * is rendered to completion once, a request whose node died is taken again when its lease runs out,
 * and everything queued survives a restart. Stopping aborts the renders in hand and gives their
 * requests back to the queue.
 */
export class AvatarWorker {
  readonly nodeId: string
  readonly capacity: number
  readonly leaseSeconds: number
  readonly heartbeatSeconds: number
  private readonly pollMs: number
  private readonly running = new Map<string, Running>()
  private filling: Promise<void> | null = null
  private again = false
  private timers: NodeJS.Timeout[] = []
  private started = false
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly renderer: AvatarRenderer,
    private readonly log: FastifyBaseLogger,
    options: AvatarWorkerOptions,
  ) {
    this.capacity = Math.max(1, options.concurrency)
    this.leaseSeconds = options.leaseSeconds ?? 60
    this.heartbeatSeconds = options.heartbeatSeconds ?? 10
    this.pollMs = options.pollMs ?? 2000
    this.nodeId = options.nodeId ?? `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`
  }

  async start() {
    if (this.started) return
    this.started = true
    // A database that is down at start must not stop the server: the heartbeat registers the node later.
    await this.register()
    const beat = setInterval(() => void this.beat(), this.heartbeatSeconds * 1000)
    const poll = setInterval(() => this.kick(), this.pollMs)
    beat.unref()
    poll.unref()
    this.timers.push(beat, poll)
    this.kick()
  }

  /** Looks for work now (a request was just queued). */
  kick() {
    if (!this.started || this.stopped) return
    if (this.filling) {
      this.again = true
      return
    }
    this.filling = this.fill()
      .catch((err: unknown) => this.log.error({ err }, 'avatar worker could not take work'))
      .finally(() => {
        this.filling = null
        if (this.again) {
          this.again = false
          this.kick()
        }
      })
  }

  /** Stops taking work, aborts the renders in hand (their requests go back to the queue) and marks the node stopped. */
  async stop() {
    if (this.stopped) return
    this.stopped = true
    for (const t of this.timers) clearInterval(t)
    await this.filling
    for (const r of this.running.values()) r.abort.abort()
    await Promise.all([...this.running.values()].map((r) => r.done))
    if (this.registered) await stopNode(this.db, this.nodeId).catch((err: unknown) => this.log.warn({ err }, 'avatar node could not be marked stopped'))
  }

  private registered = false

  private async register() {
    try {
      await registerNode(this.db, { id: this.nodeId, host: os.hostname(), pid: process.pid, renderer: this.renderer.name, capacity: this.capacity })
      this.registered = true
    } catch (err) {
      this.log.warn({ err }, 'avatar node could not register; retrying at the next heartbeat')
    }
  }

  private async beat() {
    if (this.stopped) return
    if (!this.registered) await this.register()
    try {
      await heartbeat(this.db, this.nodeId)
      const held = new Set(await renewLeases(this.db, this.nodeId, this.leaseSeconds))
      // A request taken over by another node (our lease ran out while we were stalled): stop rendering it.
      for (const [id, r] of this.running) if (!held.has(id)) r.abort.abort()
    } catch (err) {
      this.log.warn({ err }, 'avatar node heartbeat failed')
    }
  }

  private async fill() {
    while (!this.stopped && this.running.size < this.capacity) {
      const job = await claimRequest(this.db, this.nodeId, this.leaseSeconds)
      if (!job) return
      const hold = { id: job.id, node: this.nodeId, attempt: job.attempt }
      const abort = new AbortController()
      const entry: Running = { hold, abort, done: Promise.resolve() }
      this.running.set(job.id, entry)
      entry.done = this.process(job, hold, abort.signal)
        .catch((err: unknown) => this.log.error({ err, request: job.id }, 'avatar request could not be settled'))
        .finally(() => {
          this.running.delete(job.id)
          this.kick()
        })
    }
  }

  private async process(job: AvatarRequestRow, hold: Running['hold'], signal: AbortSignal) {
    const log = this.log.child({ request: job.id, attempt: job.attempt })
    if (job.attempt > MAX_ATTEMPTS) {
      await failRequest(this.db, hold, this.renderer.name, 'The request stopped its worker node several times and was given up; send it again.')
      return
    }
    const stored: string[] = []
    try {
      const head = await this.storage.head(job.photo_path)
      if (!head) throw new RenderError('The photo is no longer stored; send the request again')
      const photo = await readAll(await this.storage.read(job.photo_path))
      const output = await this.renderer.render({
        photo,
        photoType: head.contentType,
        text: job.text,
        style: job.style as AvatarStyle,
        voice: job.voice as AvatarVoice,
        signal,
      })
      signal.throwIfAborted()
      const path = resultKey(job.owner_sub, job.id, job.attempt, 'avatar', output.extension)
      await this.storage.put(path, output.data, output.contentType)
      stored.push(path)
      let posterPath: string | null = null
      if (output.poster) {
        posterPath = resultKey(job.owner_sub, job.id, job.attempt, 'poster', output.poster.extension)
        await this.storage.put(posterPath, output.poster.data, output.poster.contentType)
        stored.push(posterPath)
      }
      const settled = await finishRequest(this.db, hold, { renderer: this.renderer.name, kind: output.kind, path, contentType: output.contentType, posterPath })
      if (!settled) {
        // Another node holds the request now (ours ran out): its result counts, ours goes.
        log.warn('avatar request was taken over before it finished here; result dropped')
        await this.remove(stored)
      } else {
        log.info({ kind: output.kind, bytes: output.data.length }, 'avatar request done')
        // After the result is committed; a failure here is logged, never undoes the avatar.
        const title = job.text.length > 60 ? `${job.text.slice(0, 59)}…` : job.text
        await notify(this.db, job.owner_sub, 'avatar-ready', { title }, '/experimental/ai-avatars').catch((err: unknown) =>
          log.warn({ err }, 'avatar-ready notification not made'),
        )
      }
    } catch (err) {
      await this.remove(stored)
      if (signal.aborted) {
        if (this.stopped) await releaseRequest(this.db, hold)
        return
      }
      if (err instanceof RenderError) {
        await failRequest(this.db, hold, this.renderer.name, err.message)
        return
      }
      log.error({ err }, 'avatar render failed')
      await failRequest(this.db, hold, this.renderer.name, 'The avatar could not be made because of an unexpected error; send it again.')
    }
  }

  private async remove(paths: string[]) {
    for (const p of paths) await this.storage.delete(p).catch(() => undefined)
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks)
}
