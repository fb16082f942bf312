import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { contentSecurityPolicy } from '../../server/plugins/security.js'
import { createStorage, storageOrigins } from '../../server/storage/index.js'
import { S3Storage } from '../../server/storage/s3.js'
import { multipart, policyDocument, storageContract, type StorageHarness } from './storage-contract.js'

/**
 * S3 through a local S3-compatible server (s3rver) started here. s3rver stores POST uploads without
 * checking the policy's conditions or signature, so for those cases the contract checks the signed
 * policy document, whose conditions AWS S3 enforces.
 */
async function s3Harness(): Promise<StorageHarness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'aula-test', configs: [] }] })
  const { port } = await server.run()
  const storage = new S3Storage({
    bucket: 'aula-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  return {
    storage,
    enforcesPolicy: false,
    async post(url, fields, file) {
      const { body, contentType } = await multipart(fields, file)
      const res = await fetch(url, { method: 'POST', body: new Uint8Array(body), headers: { 'content-type': contentType } })
      return { status: res.status, body: await res.text() }
    },
    async get(url) {
      const res = await fetch(url)
      return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) }
    },
    async close() {
      storage.client.destroy()
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

storageContract('s3', s3Harness)

describe('s3 presigned POST', () => {
  it('signs exactly the policy it sends (SigV4), so S3 refuses an edited one', async () => {
    const storage = new S3Storage({ bucket: 'aula-files', region: 'eu-west-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' } })
    const key = 'courses/5b0c8a2e-3f4d-4e8a-9c1b-2d3e4f5a6b7c/cover/0123456789abcdef-c.png'
    const { url, fields } = await storage.presignPost({ key, contentTypes: ['image/png'], contentType: 'image/png', maxBytes: 4096 })
    expect(url).toBe('https://aula-files.s3.eu-west-1.amazonaws.com/')
    const [, date, region, service] = /^AKIDEXAMPLE\/(\d{8})\/([\w-]+)\/(\w+)\/aws4_request$/.exec(fields['X-Amz-Credential']!)!
    const hmac = (k: Buffer | string, v: string) => createHmac('sha256', k).update(v).digest()
    const signingKey = hmac(hmac(hmac(hmac('AWS4secret-example', date!), region!), service!), 'aws4_request')
    expect(createHmac('sha256', signingKey).update(fields.Policy!).digest('hex')).toBe(fields['X-Amz-Signature'])
    const doc = policyDocument(fields)
    expect(doc.conditions).toEqual(
      expect.arrayContaining([{ bucket: 'aula-files' }, { key }, ['content-length-range', 0, 4096], ['eq', '$Content-Type', 'image/png']]),
    )
    storage.client.destroy()
  })
})

describe('s3 configuration', () => {
  it('is chosen by STORAGE_DRIVER and needs a bucket', async () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET is required/)
    expect(() => loadConfig({ STORAGE_DRIVER: 'disk' })).toThrow(/STORAGE_DRIVER must be one of local, s3/)
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'aula-files', S3_REGION: 'eu-west-1', AULA_DATA_DIR: os.tmpdir() })
    await expect(createStorage(config)).resolves.toBeInstanceOf(S3Storage)
    expect(storageOrigins(config)).toEqual(['https://aula-files.s3.eu-west-1.amazonaws.com'])
    expect(storageOrigins(loadConfig({ AULA_DATA_DIR: os.tmpdir() }))).toEqual([])
  })

  it('lets the web app show, frame and upload to the bucket, and nothing else', () => {
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'aula-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    const origins = storageOrigins(config)
    expect(origins).toEqual(['http://127.0.0.1:9000'])
    const csp = Object.fromEntries(
      contentSecurityPolicy([], origins, ['https://aula.example/assets/'])
        .split(';')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    )
    for (const directive of ['img-src', 'media-src', 'connect-src', 'frame-src']) expect(csp[directive]).toContain('http://127.0.0.1:9000')
    expect(csp['script-src']).toEqual(['https://aula.example/assets/'])
    expect(csp['default-src']).toEqual(["'self'"])
  })
})
