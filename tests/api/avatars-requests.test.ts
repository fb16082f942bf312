import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedRenderer } from '../../server/avatars/embedded.js'
import { claimRequest, finishRequest } from '../../server/avatars/queries.js'
import type { AvatarRenderer, RenderInput } from '../../server/avatars/renderer.js'
import { AvatarWorker } from '../../server/avatars/worker.js'
import type { Db } from '../../server/db/index.js'
import type { App } from '../../server/types.js'
import { createTestDb } from '../helpers/app.js'
import {
  ADMIN,
  ANA,
  avatarApp,
  BASE,
  BRUNO,
  call,
  createRequest,
  CREATOR,
  gate,
  listRequests,
  photo,
  requestOf,
  until,
  uploadPhoto,
} from './avatars-helpers.js'

const MB = 1024 * 1024
let db: Db & { dropSchema?: () => Promise<void> }
/** The app without a worker: requests stay queued until a test starts one. */
let app: App

beforeAll(async () => {
  db = await createTestDb()
  app = await avatarApp(db, { AVATAR_WORKERS: '0' })
})
afterAll(async () => {
  await app.close()
  await db.close()
})

/** Fetches a read URL the API handed out, as the browser would. */
async function fetchUrl(url: string) {
  return app.inject({ method: 'GET', url })
}

/** The embedded renderer held at the start of each render until the test opens the gate. */
function heldRenderer(): AvatarRenderer & { started: Promise<void>; open: () => void; renders: string[] } {
  const embedded = new EmbeddedRenderer()
  const hold = gate()
  const start = gate()
  const renders: string[] = []
  return {
    name: 'embedded',
    renders,
    started: start.opened,
    open: hold.open,
    async render(input: RenderInput) {
      renders.push(input.text)
      start.open()
      await Promise.race([hold.opened, new Promise((_, reject) => input.signal.addEventListener('abort', () => reject(new Error('aborted'))))])
      return embedded.render(input)
    },
  }
}

/** Settles what earlier tests left queued, so the next worker takes the request a test makes. */
async function quiet() {
  await db.query(`UPDATE avatar_requests SET status = 'failed', error = 'Settled by the test', lease_until = NULL WHERE status IN ('queued', 'processing')`)
}

const worker = (renderer: AvatarRenderer, options: { concurrency?: number; nodeId?: string } = {}) =>
  new AvatarWorker(db, app.storage, renderer, app.log, { concurrency: options.concurrency ?? 1, nodeId: options.nodeId, pollMs: 50 })

describe('access', () => {
  it('answers 401 without a session and 403 outside the experimental and admin groups', async () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['POST', `${BASE}/ai-avatar-photo-par`, { size: 10, contentType: 'image/png', fileName: 'a.png' }],
      ['POST', `${BASE}/ai-avatar-create-request`, { photo: 'x', text: 'hi', style: 'studio' }],
      ['GET', `${BASE}/ai-avatar-list-requests`],
      ['GET', `${BASE}/ai-avatar-list-nodes`],
    ]
    for (const [method, url, body] of routes) {
      expect((await call(app, null, method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401)
      const creator = await call(app, CREATOR, method, url, body)
      expect(creator.statusCode, `${method} ${url} as a creator`).toBe(403)
      expect(creator.json()).toEqual({ message: 'Permission denied', code: 'FORBIDDEN' })
      expect((await call(app, ADMIN, method, url, body)).statusCode, `${method} ${url} as an admin`).not.toBe(403)
    }
  })
})

describe('POST ai-avatar-photo-par', () => {
  it('issues upload parameters for an image of at most 10 MB', async () => {
    const ok = await call(app, ANA, 'POST', `${BASE}/ai-avatar-photo-par`, { size: 10 * MB, contentType: 'image/webp', fileName: 'cara.webp' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({
      url: expect.any(String),
      fields: expect.any(Object),
      path: expect.stringMatching(/^avatars\/[0-9a-f]{24}\/photos\/[0-9a-f]{16}-cara\.webp$/),
    })
    const big = await call(app, ANA, 'POST', `${BASE}/ai-avatar-photo-par`, { size: 10 * MB + 1, contentType: 'image/png', fileName: 'big.png' })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ message: 'Too much data', code: 'TOO_LARGE' })
    const pdf = await call(app, ANA, 'POST', `${BASE}/ai-avatar-photo-par`, { size: 100, contentType: 'application/pdf', fileName: 'cv.pdf' })
    expect(pdf.statusCode).toBe(400)
    expect(pdf.json().message).toBe('The photo must be a PNG, JPEG or WebP image')
    expect((await call(app, ANA, 'POST', `${BASE}/ai-avatar-photo-par`, { size: 0, contentType: 'image/png', fileName: 'a.png' })).statusCode).toBe(400)
  })

  it('lets storage refuse a file larger than asked for', async () => {
    const par = (await call(app, ANA, 'POST', `${BASE}/ai-avatar-photo-par`, { size: 100, contentType: 'image/jpeg', fileName: 'a.jpg' })).json()
    const { multipart } = await import('./storage-contract.js')
    const { body, contentType } = await multipart(par.fields, { bytes: await photo(), name: 'a.jpg', type: 'image/jpeg' })
    const posted = await app.inject({ method: 'POST', url: par.url, payload: body, headers: { 'content-type': contentType } })
    expect(posted.statusCode).toBe(413)
  })
})

describe('POST ai-avatar-create-request', () => {
  it('refuses a missing or too long text, an unknown style and a photo that is not the caller’s upload', async () => {
    const mine = await uploadPhoto(app, ANA, await photo())
    const create = (who: typeof ANA, body: unknown) => call(app, who, 'POST', `${BASE}/ai-avatar-create-request`, body)
    const blank = await create(ANA, { photo: mine, text: '   ', style: 'studio' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toHaveProperty('text')
    const long = await create(ANA, { photo: mine, text: 'a'.repeat(501), style: 'studio' })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors).toHaveProperty('text')
    const style = await create(ANA, { photo: mine, text: 'Hola', style: 'cartoon' })
    expect(style.statusCode).toBe(400)
    expect(style.json().errors).toHaveProperty('style')
    const voice = await create(ANA, { photo: mine, text: 'Hola', style: 'studio', voice: 'xx' })
    expect(voice.statusCode).toBe(400)
    // Bruno may not use Ana's photo, nor a path he never uploaded to.
    const foreign = await create(BRUNO, { photo: mine, text: 'Hola', style: 'studio' })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ message: 'Upload the photo first', errors: { photo: 'Upload the photo first' } })
    const issued = (await call(app, BRUNO, 'POST', `${BASE}/ai-avatar-photo-par`, { size: 100, contentType: 'image/png', fileName: 'b.png' })).json().path
    expect((await create(BRUNO, { photo: issued, text: 'Hola', style: 'studio' })).statusCode).toBe(400)
    expect((await create(ANA, { photo: '../../etc/passwd', text: 'Hola', style: 'studio' })).statusCode).toBe(400)
    expect(await listRequests(app, ANA)).toEqual([])
  })

  it('refuses a file that says it is an image but is not one', async () => {
    const fake = await uploadPhoto(app, ANA, Buffer.from('not an image at all, just text'), 'image/png', 'fake.png')
    const res = await call(app, ANA, 'POST', `${BASE}/ai-avatar-create-request`, { photo: fake, text: 'Hola', style: 'studio' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ photo: 'The photo is not a readable PNG, JPEG or WebP image' })
  })

  it('queues the request (202) with the photo readable', async () => {
    const item = await createRequest(app, ANA, { text: '  Bienvenidos al curso.  ', style: 'round' })
    expect(item).toMatchObject({
      status: 'queued',
      text: 'Bienvenidos al curso.',
      style: 'round',
      voice: 'es',
      owner: { username: 'ana' },
      resultUrl: null,
      attempt: 0,
    })
    const listed = await requestOf(app, ANA, item.id)
    expect(listed.status).toBe('queued')
    const photoRes = await fetchUrl((listed as unknown as { photoUrl: string }).photoUrl)
    expect(photoRes.statusCode).toBe(200)
    expect(photoRes.headers['content-type']).toBe('image/jpeg')
  })
})

describe('the queue', () => {
  it('goes queued → processing → done with a stored result, the node showing the request it renders', async () => {
    await quiet()
    const item = await createRequest(app, BRUNO, { text: 'Hello, this is my avatar speaking.', style: 'instant', voice: 'en' })
    expect((await requestOf(app, BRUNO, item.id)).status).toBe('queued')
    const renderer = heldRenderer()
    const w = worker(renderer, { nodeId: 'node-held' })
    await w.start()
    try {
      await renderer.started
      const processing = await requestOf(app, BRUNO, item.id)
      expect(processing).toMatchObject({ status: 'processing', nodeId: 'node-held', attempt: 1, resultUrl: null })
      const nodes = (await call(app, BRUNO, 'GET', `${BASE}/ai-avatar-list-nodes`)).json().items
      expect(nodes.find((n: { id: string }) => n.id === 'node-held')).toMatchObject({
        state: 'running',
        capacity: 1,
        renderer: 'embedded',
        currentJobs: [item.id],
      })
      renderer.open()
      const done = await until(app, BRUNO, item.id, ['done', 'failed'])
      expect(done).toMatchObject({ status: 'done', error: null, nodeId: null })
      // Its owner hears it is ready (decision 0029), once.
      const notes = await app.db.query<{ user_sub: string; kind: string }>("SELECT user_sub, kind FROM notifications WHERE params->>'title' = $1", [
        'Hello, this is my avatar speaking.',
      ])
      expect(notes.rows).toEqual([{ user_sub: 'sub-bruno', kind: 'avatar-ready' }])
      const narrated = await new EmbeddedRenderer().narrates()
      expect(done.resultKind).toBe(narrated ? 'video' : 'image')
      const result = await fetchUrl(done.resultUrl!)
      expect(result.statusCode).toBe(200)
      expect(result.headers['content-type']).toBe(narrated ? 'video/mp4' : 'image/png')
      if (narrated) {
        // An MP4 starts with its ftyp box; the poster is the framed portrait (592×672 for "instant").
        expect(result.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp')
        const poster = await fetchUrl(done.posterUrl!)
        expect(poster.headers['content-type']).toBe('image/png')
        const sharp = (await import('sharp')).default
        expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ width: 592, height: 672 })
      }
    } finally {
      renderer.open()
      await w.stop()
    }
    const nodes = (await call(app, ADMIN, 'GET', `${BASE}/ai-avatar-list-nodes`)).json().items
    expect(nodes.find((n: { id: string }) => n.id === 'node-held')).toMatchObject({ state: 'stopped', currentJobs: [] })
  })

  it('survives a restart: queued requests are rendered by the next start', async () => {
    const shared = await createTestDb()
    const first = await avatarApp(shared, { AVATAR_WORKERS: '0' })
    const a = await createRequest(first, ANA, { text: 'uno' })
    const b = await createRequest(first, ANA, { text: 'dos', style: 'mono' })
    await first.close()
    const second = await avatarApp(shared, { AVATAR_WORKERS: '2' })
    try {
      for (const id of [a.id, b.id]) expect(await until(second, ANA, id, ['done', 'failed'])).toMatchObject({ status: 'done', attempt: 1 })
    } finally {
      await second.close()
      await shared.close()
    }
  })

  it('a node stopping mid-render gives the request back; the next start finishes it', async () => {
    await quiet()
    const item = await createRequest(app, ANA, { text: 'a medias' })
    const renderer = heldRenderer()
    const w = worker(renderer, { nodeId: 'node-stopping' })
    await w.start()
    await renderer.started
    expect(await requestOf(app, ANA, item.id)).toMatchObject({ status: 'processing', nodeId: 'node-stopping' })
    await w.stop()
    expect(await requestOf(app, ANA, item.id)).toMatchObject({ status: 'queued', nodeId: null, resultUrl: null })
    const restarted = await avatarApp(db, { AVATAR_WORKERS: '1' })
    try {
      expect(await until(restarted, ANA, item.id, ['done', 'failed'])).toMatchObject({ status: 'done', attempt: 2 })
    } finally {
      await restarted.close()
    }
  })

  it('a request whose node died is taken again once its lease runs out, and the dead node cannot settle it', async () => {
    await quiet()
    const item = await createRequest(app, BRUNO, { text: 'nodo caído' })
    const dead = await claimRequest(db, 'node-dead', 60)
    expect(dead?.id).toBe(item.id)
    // Still leased: a live node leaves it alone.
    expect(await claimRequest(db, 'node-other', 60)).toBeNull()
    // The lease runs out (moved back in time rather than waited for).
    await db.query(`UPDATE avatar_requests SET lease_until = now() - interval '1 second' WHERE id = $1`, [item.id])
    const restarted = await avatarApp(db, { AVATAR_WORKERS: '1' })
    try {
      expect(await until(restarted, BRUNO, item.id, ['done', 'failed'])).toMatchObject({ status: 'done', attempt: 2 })
    } finally {
      await restarted.close()
    }
    const late = await finishRequest(
      db,
      { id: item.id, node: 'node-dead', attempt: 1 },
      { renderer: 'x', kind: 'image', path: 'avatars/x.png', contentType: 'image/png', posterPath: null },
    )
    expect(late).toBe(false)
    expect(await requestOf(app, BRUNO, item.id)).toMatchObject({ status: 'done', attempt: 2 })
  })

  it('concurrent claims never take the same request', async () => {
    await quiet()
    const ids = new Set<string>()
    for (let i = 0; i < 8; i++) ids.add((await createRequest(app, ANA, { text: `carrera ${i}` })).id)
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimRequest(db, `racer-${i}`, 60)))
    const taken = claims.filter((c) => c !== null).map((c) => c!.id)
    expect(new Set(taken).size).toBe(taken.length)
    expect(new Set(taken)).toEqual(ids)
    // Give them back for the next test.
    await db.query(`UPDATE avatar_requests SET status = 'queued', node_id = NULL, lease_until = NULL, attempt = 0 WHERE id = ANY($1::uuid[])`, [[...ids]])
  })

  it('two worker nodes on one database render each request once', async () => {
    const queued = (await listRequests(app, ADMIN)).filter((r) => r.status === 'queued').map((r) => r.id)
    expect(queued.length).toBeGreaterThanOrEqual(8)
    const counted: string[] = []
    const counting = (): AvatarRenderer => ({
      name: 'counting',
      async render(input) {
        counted.push(input.text)
        // A real (small) result, so the request is settled as done.
        return { kind: 'image', data: input.photo, contentType: input.photoType, extension: 'jpg' }
      },
    })
    const one = worker(counting(), { concurrency: 2, nodeId: 'node-a' })
    const two = worker(counting(), { concurrency: 3, nodeId: 'node-b' })
    await Promise.all([one.start(), two.start()])
    try {
      for (const id of queued) expect((await until(app, ADMIN, id, ['done', 'failed'])).status).toBe('done')
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
    expect(counted.length).toBe(queued.length)
    expect(new Set(counted).size).toBe(counted.length)
  })
})

describe('GET ai-avatar-list-requests', () => {
  it('shows each user only their own requests and administrators all of them', async () => {
    const anas = (await listRequests(app, ANA)).map((r) => r.owner.username)
    const brunos = (await listRequests(app, BRUNO)).map((r) => r.owner.username)
    expect(anas.length).toBeGreaterThan(0)
    expect(new Set(anas)).toEqual(new Set(['ana']))
    expect(new Set(brunos)).toEqual(new Set(['bruno']))
    const all = await listRequests(app, ADMIN)
    expect(all.length).toBe(anas.length + brunos.length)
  })

  it('pages newest first with a token, and refuses a forged token', async () => {
    const first = (await call(app, ADMIN, 'GET', `${BASE}/ai-avatar-list-requests?sizePerPage=3`)).json()
    expect(first.items).toHaveLength(3)
    expect(first.paginationToken).toEqual(expect.any(String))
    const second = (await call(app, ADMIN, 'GET', `${BASE}/ai-avatar-list-requests?sizePerPage=3&paginationToken=${first.paginationToken}`)).json()
    expect(second.items[0].id).not.toBe(first.items[2].id)
    expect(Date.parse(second.items[0].createdAt)).toBeLessThanOrEqual(Date.parse(first.items[2].createdAt))
    expect((await call(app, ADMIN, 'GET', `${BASE}/ai-avatar-list-requests?paginationToken=bogus`)).statusCode).toBe(400)
    expect((await call(app, ADMIN, 'GET', `${BASE}/ai-avatar-list-requests?sizePerPage=0`)).statusCode).toBe(400)
  })
})

describe('GET ai-avatar-list-nodes', () => {
  it('shows a node whose heartbeat is too old as lost', async () => {
    const w = worker(heldRenderer(), { nodeId: 'node-silent' })
    await w.start()
    try {
      await db.query(`UPDATE avatar_nodes SET heartbeat_at = now() - interval '5 minutes' WHERE id = 'node-silent'`)
      const nodes = (await call(app, ANA, 'GET', `${BASE}/ai-avatar-list-nodes`)).json().items
      expect(nodes.find((n: { id: string }) => n.id === 'node-silent')).toMatchObject({ state: 'lost', host: expect.any(String) })
    } finally {
      await w.stop()
    }
  })
})
