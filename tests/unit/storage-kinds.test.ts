import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isIssuedPath, readUrlOf, requireUploaded, safeFileName, uploadParams, UPLOAD_KINDS } from '../../server/storage/kinds.js'
import { LocalStorage } from '../../server/storage/local.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-kinds-'))
const storage = new LocalStorage({ dir })
const app = { storage }
const course = '5b0c8a2e-3f4d-4e8a-9c1b-2d3e4f5a6b7c'
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('upload kinds', () => {
  it('fixes the types and limits of every kind', () => {
    expect(UPLOAD_KINDS.cover).toEqual({ contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * 1024 * 1024 })
    expect(UPLOAD_KINDS['block-video'].maxBytes).toBe(500 * 1024 * 1024)
    expect(UPLOAD_KINDS['block-attachment'].contentTypes).toEqual([])
  })

  it('issues a key for the course and kind, signing exactly the declared size and type', async () => {
    const params = await uploadParams(app, {
      kind: 'cover',
      courseUuid: course,
      size: 1234,
      contentType: 'Image/PNG',
      fileName: 'C:\\fotos\\Portada del curso (final).png',
    })
    expect(params.path).toMatch(new RegExp(`^courses/${course}/cover/[0-9a-f]{16}-Portada-del-curso-final-.png$`))
    expect(params.url).toBe('/api/files/upload')
    expect(params.fields.key).toBe(params.path)
    expect(params.fields['Content-Type']).toBe('image/png')
    expect(storage.verifyUpload(params.fields)).toEqual({ key: params.path, contentType: 'image/png', maxBytes: 1234 })
    expect(isIssuedPath(params.path, course, 'cover')).toBe(true)
    expect(isIssuedPath(params.path, course, 'thumbnail')).toBe(false)
    expect(isIssuedPath(params.path, '6b0c8a2e-3f4d-4e8a-9c1b-2d3e4f5a6b7c', 'cover')).toBe(false)
    expect(isIssuedPath(`${params.path}/../x`, course, 'cover')).toBe(false)
    expect(isIssuedPath(`courses/${course}/cover/plain.png`, course, 'cover')).toBe(false)
  })

  it("answers 413 'Too much data' past the kind's limit and 400 for a type it refuses", async () => {
    await expect(
      uploadParams(app, { kind: 'thumbnail', courseUuid: course, size: 5 * 1024 * 1024 + 1, contentType: 'image/png', fileName: 'a.png' }),
    ).rejects.toMatchObject({
      statusCode: 413,
      message: 'Too much data',
    })
    await expect(uploadParams(app, { kind: 'cover', courseUuid: course, size: 10, contentType: 'image/svg+xml', fileName: 'a.svg' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNSUPPORTED_TYPE',
    })
    await expect(uploadParams(app, { kind: 'block-attachment', courseUuid: course, size: 10, contentType: 'not a type', fileName: 'a' })).rejects.toMatchObject(
      { statusCode: 400 },
    )
    await expect(uploadParams(app, { kind: 'cover', courseUuid: course, size: 0, contentType: 'image/png', fileName: 'a.png' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'EMPTY_FILE',
    })
    const any = await uploadParams(app, {
      kind: 'block-attachment',
      courseUuid: course,
      size: 10,
      contentType: 'application/vnd.ms-excel',
      fileName: 'notas.xls',
    })
    expect(any.fields['Content-Type']).toBe('application/vnd.ms-excel')
  })

  it('accepts a registration only for an issued path whose file is stored', async () => {
    const params = await uploadParams(app, { kind: 'thumbnail', courseUuid: course, size: 3, contentType: 'image/webp', fileName: 't.webp' })
    await expect(requireUploaded(app, params.path, course, 'thumbnail')).rejects.toMatchObject({ statusCode: 400, code: 'NOT_UPLOADED' })
    await storage.put(params.path, Buffer.from('abc'), 'image/webp')
    await expect(requireUploaded(app, params.path, course, 'thumbnail')).resolves.toEqual({ size: 3, contentType: 'image/webp' })
    await expect(requireUploaded(app, params.path, course, 'cover')).rejects.toMatchObject({ statusCode: 400 })
    await expect(requireUploaded(app, params.path, '6b0c8a2e-3f4d-4e8a-9c1b-2d3e4f5a6b7c', 'thumbnail')).rejects.toMatchObject({ statusCode: 400 })
    expect(await readUrlOf(app, params.path)).toMatch(/^\/api\/files\/courses\/.+\?expires=\d+&signature=/)
    expect(await readUrlOf(app, null)).toBeNull()
  })

  it('makes file names safe for keys and links', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('Lección 1 — introducción.pdf')).toBe('Leccion-1-introduccion.pdf')
    expect(safeFileName('.hidden')).toBe('hidden')
    expect(safeFileName('***')).toBe('file')
    const long = safeFileName(`${'a'.repeat(300)}.mp4`)
    expect(long).toHaveLength(100)
    expect(long.endsWith('.mp4')).toBe(true)
  })
})
