import type { FastifyRequest, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { buildApp } from '../../server/app.js'
import type { Db } from '../../server/db/index.js'
import type { App, Principal } from '../../server/types.js'
import { testConfig } from '../helpers/app.js'
import { multipart } from './storage-contract.js'

/** The bearer token `test:<username>:<groups>` names the caller (as in the admin API tests). */
const testAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer test:([\w.@-]+):([\w,-]*)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: `sub-${m[1]}`, username: m[1], email: `${m[1]}@example.test`, groups: m[2] ? m[2].split(',') : [] } : null
}

export type Caller = Record<string, string>
export const as = (username: string, groups: string): Caller => ({ authorization: `Bearer test:${username}:${groups}` })
export const ANA = as('ana', 'experimental,general')
export const BRUNO = as('bruno', 'experimental')
export const ADMIN = as('root', 'admin')
export const CREATOR = as('carla', 'creator,reviewer,general')

export const BASE = '/api/v2/experimental'

/** The real app on a given database (several apps may share one: a restart, or two nodes). */
export async function avatarApp(db: Db, env: Record<string, string> = {}): Promise<App> {
  const app = await buildApp({ print: () => {}, config: testConfig(env), db, authenticate: testAuth })
  await app.ready()
  return app
}

export function call(app: App, who: Caller | null, method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: who ?? {}, ...(body === undefined ? {} : { payload: body as object }) })
}

/** A photo as a phone would take it: a JPEG with a light face-like disc on a darker ground. */
export async function photo(width = 900, height = 700): Promise<Buffer> {
  const face = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#4a6b8a"/><circle cx="${width * 0.6}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.25}" fill="#f1c27d"/></svg>`,
  )
  return sharp(face).jpeg({ quality: 85 }).toBuffer()
}

/** Asks for upload parameters and POSTs the file as the browser does; returns the issued path. */
export async function uploadPhoto(app: App, who: Caller, bytes: Buffer, type = 'image/jpeg', name = 'Mi foto.jpg'): Promise<string> {
  const par = await call(app, who, 'POST', `${BASE}/ai-avatar-photo-par`, { size: bytes.length, contentType: type, fileName: name })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as { url: string; fields: Record<string, string>; path: string }
  const { body, contentType } = await multipart(fields, { bytes, name, type })
  const posted = await app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

export async function createRequest(app: App, who: Caller, body: Partial<{ photo: string; text: string; style: string; voice: string }> = {}) {
  const photoPath = body.photo ?? (await uploadPhoto(app, who, await photo()))
  const res = await call(app, who, 'POST', `${BASE}/ai-avatar-create-request`, {
    text: 'Hola, soy tu avatar.',
    style: 'studio',
    voice: 'es',
    ...body,
    photo: photoPath,
  })
  expect(res.statusCode, res.body).toBe(202)
  return res.json().Item as { id: string; status: string }
}

export interface ListedRequest {
  id: string
  status: string
  owner: { username: string }
  resultKind: 'video' | 'image' | null
  resultUrl: string | null
  resultType: string | null
  posterUrl: string | null
  nodeId: string | null
  attempt: number
  error: string | null
}

export async function listRequests(app: App, who: Caller): Promise<ListedRequest[]> {
  const res = await call(app, who, 'GET', `${BASE}/ai-avatar-list-requests?sizePerPage=100`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items
}

export async function requestOf(app: App, who: Caller, id: string): Promise<ListedRequest> {
  const found = (await listRequests(app, who)).find((r) => r.id === id)
  if (!found) throw new Error(`request ${id} is not listed`)
  return found
}

/** Polls the list until the request reaches one of `statuses` (the worker runs in the background). */
export async function until(app: App, who: Caller, id: string, statuses: string[]): Promise<ListedRequest> {
  for (;;) {
    const r = await requestOf(app, who, id)
    if (statuses.includes(r.status)) return r
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
}

/** A promise with its resolve, to hold a renderer mid-render. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}
