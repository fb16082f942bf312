import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Storage } from '../../server/storage/index.js'

/** One storage under test and how a browser talks to it. */
export interface StorageHarness {
  storage: Storage
  /** The browser's multipart POST: `fields` in order, then the file. */
  post(url: string, fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string }): Promise<{ status: number; body: string }>
  /** The browser's GET of a read URL. */
  get(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }>
  /** Moves the storage's clock forward (the local storage); absent when the clock is the real one. */
  advance?(seconds: number): void
  /**
   * Whether the service itself checks the conditions of a POST policy (size, type, key, expiry,
   * signature). When it does not (a test emulator), the cases check the signed policy document
   * instead: the conditions AWS S3 applies.
   */
  enforcesPolicy: boolean
  close(): Promise<void>
}

/** The conditions of an S3 POST policy document (`Policy` field, base64 JSON). */
export function policyDocument(fields: Record<string, string>): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(fields.Policy ?? fields.policy ?? '', 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }
}

const bytes = (n: number) => randomBytes(n)
const newKey = (name = 'file.png') => `courses/00000000-0000-4000-8000-${randomBytes(6).toString('hex')}/cover/${randomBytes(8).toString('hex')}-${name}`

async function drain(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** The cases every storage implementation passes alike. */
export function storageContract(name: string, setup: () => Promise<StorageHarness>) {
  describe(`storage contract: ${name}`, () => {
    let h: StorageHarness
    beforeAll(async () => {
      h = await setup()
    })
    afterAll(async () => {
      await h?.close()
    })

    const png = { contentTypes: ['image/png', 'image/jpeg'], contentType: 'image/png', maxBytes: 1000 }

    it('stores a file within the limit and reads it back (head, read, readUrl)', async () => {
      const key = newKey()
      const file = bytes(1000)
      const { url, fields } = await h.storage.presignPost({ key, ...png })
      const res = await h.post(url, fields, { bytes: file, name: 'cover.png', type: 'image/png' })
      expect(res.status, res.body).toBeGreaterThanOrEqual(200)
      expect(res.status).toBeLessThan(300)
      expect(await h.storage.head(key)).toEqual({ size: 1000, contentType: 'image/png' })
      expect((await drain(await h.storage.read(key))).equals(file)).toBe(true)
      const got = await h.get(await h.storage.readUrl(key))
      expect(got.status).toBe(200)
      expect(got.headers['content-type']).toMatch(/^image\/png/)
      expect(got.body.equals(file)).toBe(true)
    })

    it('refuses a larger file and stores nothing', async () => {
      const key = newKey()
      const { url, fields } = await h.storage.presignPost({ key, ...png, maxBytes: 100 })
      if (h.enforcesPolicy) {
        const res = await h.post(url, fields, { bytes: bytes(101), name: 'cover.png', type: 'image/png' })
        expect([400, 413]).toContain(res.status)
        expect(res.body).toMatch(/Too much data|EntityTooLarge/)
        expect(await h.storage.head(key)).toBeNull()
      } else {
        expect(policyDocument(fields).conditions).toContainEqual(['content-length-range', 0, 100])
      }
    })

    it('refuses another content type and stores nothing', async () => {
      const key = newKey()
      const { url, fields } = await h.storage.presignPost({ key, ...png })
      expect(fields['Content-Type']).toBe('image/png')
      if (h.enforcesPolicy) {
        const res = await h.post(url, { ...fields, 'Content-Type': 'text/html' }, { bytes: bytes(10), name: 'page.html', type: 'text/html' })
        expect(res.status).toBe(403)
        expect(await h.storage.head(key)).toBeNull()
      } else {
        expect(policyDocument(fields).conditions).toContainEqual(['eq', '$Content-Type', 'image/png'])
      }
      // A type outside the policy's list is never signed.
      await expect(h.storage.presignPost({ key, ...png, contentType: 'text/html' })).rejects.toThrow(/not in the policy/)
    })

    it('refuses an expired or tampered policy', async () => {
      const key = newKey()
      const { url, fields } = await h.storage.presignPost({ key, ...png, expiresInSeconds: 60 })
      if (h.enforcesPolicy) {
        const policy = fields.Policy!
        const forged = Buffer.from(Buffer.from(policy, 'base64url').toString('utf8').replace('"m":1000', '"m":999999')).toString('base64url')
        const tampered = await h.post(url, { ...fields, Policy: forged }, { bytes: bytes(10), name: 'a.png', type: 'image/png' })
        expect(tampered.status).toBe(403)
        h.advance!(61)
        const expired = await h.post(url, fields, { bytes: bytes(10), name: 'a.png', type: 'image/png' })
        expect(expired.status).toBe(403)
        expect(expired.body).toMatch(/expired/)
        expect(await h.storage.head(key)).toBeNull()
      } else {
        const doc = policyDocument(fields)
        const expires = Date.parse(doc.expiration)
        expect(expires).toBeGreaterThan(Date.now() + 30_000)
        expect(expires).toBeLessThanOrEqual(Date.now() + 61_000)
        expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/)
      }
    })

    it('refuses a key outside the policy', async () => {
      const key = newKey()
      const other = newKey('other.png')
      const { url, fields } = await h.storage.presignPost({ key, ...png })
      if (h.enforcesPolicy) {
        const res = await h.post(url, { ...fields, key: other }, { bytes: bytes(10), name: 'a.png', type: 'image/png' })
        expect(res.status).toBe(403)
        expect(await h.storage.head(other)).toBeNull()
        expect(await h.storage.head(key)).toBeNull()
      } else {
        expect(policyDocument(fields).conditions).toContainEqual({ key })
      }
    })

    it('puts, reads, deletes, and counts bytes and objects in usage()', async () => {
      const before = await h.storage.usage()
      const a = newKey('a.pdf')
      const b = newKey('b.pdf')
      await h.storage.put(a, Buffer.from('hello'), 'application/pdf')
      await h.storage.put(b, bytes(2048), 'application/pdf')
      expect(await h.storage.head(a)).toEqual({ size: 5, contentType: 'application/pdf' })
      expect(await h.storage.usage()).toEqual({ bytes: before.bytes + 2053, objects: before.objects + 2 })
      await h.storage.delete(a)
      expect(await h.storage.head(a)).toBeNull()
      expect(await h.storage.usage()).toEqual({ bytes: before.bytes + 2048, objects: before.objects + 1 })
      await h.storage.delete(a) // deleting twice is harmless
      await expect(h.storage.read(a)).rejects.toThrow()
    })

    it('copies an object to a new key with its type, lists a folder, and answers false for a missing source', async () => {
      const from = newKey('pkg.zip')
      const content = bytes(4096)
      await h.storage.put(from, content, 'application/zip')
      await h.storage.put(`${from}.d/index.html`, Buffer.from('<p>hi</p>'), 'text/html')
      await h.storage.put(`${from}.d/js/app.js`, Buffer.from('1'), 'text/javascript')
      expect((await h.storage.list(`${from}.d/`)).sort()).toEqual([`${from}.d/index.html`, `${from}.d/js/app.js`])
      expect(await h.storage.list(`${newKey('none')}.d/`)).toEqual([])
      const to = newKey('pkg.zip')
      expect(await h.storage.copy(from, to)).toBe(true)
      expect(await h.storage.head(to)).toEqual({ size: 4096, contentType: 'application/zip' })
      expect((await drain(await h.storage.read(to))).equals(content)).toBe(true)
      // The copy stands on its own: deleting the original leaves it.
      await h.storage.delete(from)
      expect((await drain(await h.storage.read(to))).equals(content)).toBe(true)
      expect(await h.storage.copy(from, newKey())).toBe(false)
    })

    it('stores a local file streamed with putFile, as put would', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-putfile-'))
      try {
        const file = path.join(dir, 'app.js')
        const content = bytes(300 * 1024)
        fs.writeFileSync(file, content)
        const key = newKey('app.js')
        await h.storage.putFile(key, file, 'text/javascript', { crc32: zlib.crc32(content) >>> 0 })
        expect(await h.storage.head(key)).toEqual({ size: content.length, contentType: 'text/javascript' })
        expect((await drain(await h.storage.read(key))).equals(content)).toBe(true)
        // Without a checksum given, the storage works it out where it needs one.
        const plain = newKey('notes.txt')
        fs.writeFileSync(file, 'notes')
        await h.storage.putFile(plain, file, 'text/plain')
        expect((await drain(await h.storage.read(plain))).toString()).toBe('notes')
        await h.storage.delete(key)
        await h.storage.delete(plain)
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })

    it('answers null for a missing or malformed key', async () => {
      expect(await h.storage.head(newKey())).toBeNull()
      expect(await h.storage.head('../etc/passwd')).toBeNull()
      await expect(h.storage.presignPost({ key: 'a/../b', ...png })).rejects.toThrow(/invalid storage key/)
    })
  })
}

/** A multipart body as a browser sends it (FormData: fields in order, then the file). */
export async function multipart(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type: string },
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! }
}
