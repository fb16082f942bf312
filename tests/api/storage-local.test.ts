import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalStorage } from '../../server/storage/local.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { multipart, storageContract, type StorageHarness } from './storage-contract.js'

/** The embedded storage behind the real app: uploads and reads go through /api/files. */
async function localHarness(): Promise<StorageHarness & { t: TestApp; storage: LocalStorage; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-files-'))
  let offset = 0
  const storage = new LocalStorage({ dir, now: () => Date.now() + offset * 1000 })
  const t = await createTestApp({ storage })
  return {
    t,
    dir,
    storage,
    enforcesPolicy: true,
    advance: (seconds) => {
      offset += seconds
    },
    async post(url, fields, file) {
      const { body, contentType } = await multipart(fields, file)
      const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
      return { status: res.statusCode, body: res.body }
    },
    async get(url) {
      const res = await t.app.inject({ method: 'GET', url })
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload }
    },
    async close() {
      await t.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

storageContract('local', localHarness)
