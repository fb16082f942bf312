import { randomUUID } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentApp, OWNER, REVIEWER, V2, type ContentApi } from './content-setup.js'
import { sampleFile } from '../helpers/media.js'

let api: ContentApi
beforeAll(async () => {
  api = await contentApp()
})
afterAll(() => api.close())

const par = (body: Record<string, unknown>, headers = OWNER) => api.as(headers, 'POST', `${V2}/blocks/resource-par`, body)

/** Asks for upload parameters and stores the file as the browser's direct upload would. */
async function upload(c: string, kind: string, fileName: string, contentType: string, bytes: Uint8Array) {
  const res = await par({ uuid: c, kind, size: bytes.length, contentType, fileName })
  expect(res.statusCode, res.body).toBe(200)
  const { path } = res.json() as { path: string }
  await api.app.storage.put(path, Buffer.from(bytes), contentType)
  return path
}

const save = async (c: string, item: string, values: Record<string, unknown>) =>
  api.as(OWNER, 'PUT', `${V2}/blocks`, { uuid: c, revision: await api.revision(c), item, values })

async function read(key: string): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of (await api.app.storage.read(key)) as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

describe('blocks/resource-par', () => {
  it('issues upload parameters by block kind, refusing a larger file, another type, a kind without files and non-editors', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const image = await api.block(c, s, 'image', {})
    const ok = await par({ uuid: c, block: image, size: 1000, contentType: 'image/png', fileName: 'Diagrama ñ.png' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ url: expect.any(String), fields: expect.any(Object) })
    expect(ok.json().path).toMatch(new RegExp(`^courses/${c}/block-image/[0-9a-f]{16}-Diagrama-n\\.png$`))

    const tooBig = await par({ uuid: c, block: image, size: 10 * 1024 * 1024 + 1, contentType: 'image/png', fileName: 'big.png' })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().message).toBe('Too much data')
    const wrongType = await par({ uuid: c, block: image, size: 10, contentType: 'application/pdf', fileName: 'x.pdf' })
    expect(wrongType.statusCode).toBe(400)
    const videoByKind = await par({ uuid: c, kind: 'video', size: 400 * 1024 * 1024, contentType: 'video/mp4', fileName: 'v.mp4' })
    expect(videoByKind.json().path).toContain('/block-video/')
    const t = await api.block(c, s, 'text', { html: '<p>x</p>' })
    expect((await par({ uuid: c, block: t, size: 10, contentType: 'text/plain', fileName: 'x.txt' })).json().errors).toEqual({
      block: 'This kind of block holds no file',
    })
    expect((await par({ uuid: c, size: 10, contentType: 'text/plain', fileName: 'x.txt' })).statusCode).toBe(400)
    // A block not saved yet (still queued in the editor) is asked for by its kind.
    const queued = await par({ uuid: c, block: randomUUID(), kind: 'attachment', size: 10, contentType: 'text/plain', fileName: 'x.txt' })
    expect(queued.json().path).toContain('/block-attachment/')
    expect((await par({ uuid: c, block: randomUUID(), size: 10, contentType: 'text/plain', fileName: 'x.txt' })).statusCode).toBe(404)
    // The kind of an existing block wins over the kind given.
    expect((await par({ uuid: c, block: image, kind: 'attachment', size: 10, contentType: 'image/png', fileName: 'x.png' })).json().path).toContain(
      '/block-image/',
    )
    expect((await par({ uuid: c, block: image, size: 10, contentType: 'image/png', fileName: 'x.png' }, REVIEWER)).statusCode).toBe(403)
  })
})

describe('registering files in blocks', () => {
  it('accepts only a path issued for this course and kind that has arrived, and gives read URLs', async () => {
    const c = await api.course()
    const other = await api.course()
    const s = await api.section(c, 'S')
    const image = await api.block(c, s, 'image', {})
    const png = sampleFile('image/png')

    const notArrived = (await par({ uuid: c, block: image, size: 7, contentType: 'image/png', fileName: 'a.png' })).json().path
    expect((await save(c, image, { path: notArrived, alt: 'A' })).json().errors).toEqual({ 'values.path': 'The file has not arrived: upload it again' })
    const otherCourse = await upload(other, 'image', 'b.png', 'image/png', png)
    expect((await save(c, image, { path: otherCourse, alt: 'B' })).json().errors).toEqual({
      'values.path': 'This file was not uploaded for this kind of block of this course',
    })
    const attachmentPath = await upload(c, 'attachment', 'notes.png', 'image/png', png)
    expect((await save(c, image, { path: attachmentPath, alt: 'C' })).statusCode).toBe(400)

    const path = await upload(c, 'image', 'd.png', 'image/png', png)
    const res = await save(c, image, { path, alt: 'Diagram' })
    expect(res.statusCode).toBe(200)
    expect(res.json().item.values).toEqual({ path, alt: 'Diagram' })
    expect(res.json().item.urls.path).toMatch(/^\/api\/files\/courses\//)
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${c}/${image}`)
    expect(history.json().items[0].urls.path).toMatch(/^\/api\/files\/courses\//)
    expect(history.json().items[1]).not.toHaveProperty('urls')

    // The attachment's size is the stored one, whatever the browser said.
    const att = await api.block(c, s, 'attachment', { path: attachmentPath, fileName: 'notes.png', size: 999999 })
    const tree = await api.as(OWNER, 'GET', `${V2}/builder/blocks/${c}`)
    const saved = tree.json().items[0].blocks.find((b: { id: string }) => b.id === att)
    expect(saved.values).toEqual({ path: attachmentPath, fileName: 'notes.png', size: png.length })
  })

  it('points a simulation at an uploaded HTML file, or unpacks a zip package and points at its index.html', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const sim = await api.block(c, s, 'simulation', {})

    const html = await upload(c, 'simulation', 'sim.html', 'text/html', strToU8('<!doctype html><title>Sim</title>'))
    const single = await save(c, sim, { path: html })
    expect(single.statusCode).toBe(200)
    expect(single.json().item.values).toEqual({ path: html, entry: html })

    const zip = zipSync({
      'pendulum/index.html': strToU8('<script src="js/app.js"></script>'),
      'pendulum/js/app.js': strToU8('run()'),
      'pendulum/img/': new Uint8Array(),
    })
    const pkg = await upload(c, 'simulation', 'pendulum.zip', 'application/zip', zip)
    const packaged = await save(c, sim, { path: pkg, entry: 'courses/elsewhere/index.html', title: 'Pendulum' })
    expect(packaged.statusCode).toBe(200)
    const entry = `${pkg}.d/pendulum/index.html`
    expect(packaged.json().item.values).toEqual({ path: pkg, entry, title: 'Pendulum' })
    // A folder link: the signature is in the path and covers the package, so relative loads work.
    expect(packaged.json().item.urls.entry).toMatch(new RegExp(`^/api/files/p/\\d+/[\\w-]+/${pkg.replace(/\./g, '\\.')}\\.d/pendulum/index\\.html$`))
    const script = await api.app.inject({ method: 'GET', url: new URL('js/app.js', `http://aula.test${packaged.json().item.urls.entry}`).pathname })
    expect([script.statusCode, script.body]).toEqual([200, 'run()'])
    expect(await read(entry)).toBe('<script src="js/app.js"></script>')
    expect(await read(`${pkg}.d/pendulum/js/app.js`)).toBe('run()')
    expect((await api.app.storage.head(entry))?.contentType).toBe('text/html')
    // The builder's read link opens the package's page, sandboxed and never sniffed.
    const page = await api.app.inject({ method: 'GET', url: packaged.json().item.urls.entry })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe('<script src="js/app.js"></script>')
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts')
    expect(page.headers['x-content-type-options']).toBe('nosniff')

    // Saving again with the same package keeps the entry without unpacking again.
    const retitled = await save(c, sim, { path: pkg, title: 'Pendulum 2' })
    expect(retitled.json().item.values).toEqual({ path: pkg, entry, title: 'Pendulum 2' })

    const bare = await upload(c, 'simulation', 'bare.zip', 'application/zip', zipSync({ 'main.html': strToU8('x'), 'app.js': strToU8('y') }))
    const refused = await save(c, sim, { path: bare })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ 'values.path': 'The package has no index.html' })
    const unsafe = await upload(c, 'simulation', 'unsafe.zip', 'application/zip', zipSync({ 'index.html': strToU8('x'), 'a b.js': strToU8('y') }))
    expect((await save(c, sim, { path: unsafe })).json().errors['values.path']).toMatch(/^File names in the package may only use/)
    const broken = await upload(c, 'simulation', 'broken.zip', 'application/zip', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))
    expect((await save(c, sim, { path: broken })).json().errors).toEqual({ 'values.path': 'The package is not a valid zip file' })
    // The refused saves changed nothing.
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${c}/${sim}`)
    expect(history.json().items[0].values).toEqual({ path: pkg, entry, title: 'Pendulum 2' })
  })

  it('takes a simulation or video by address instead of a file', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const sim = await api.block(c, s, 'simulation', { url: 'https://phet.example.org/sim.html', entry: 'courses/x/index.html' })
    const video = await api.block(c, s, 'video', { url: 'https://video.example.org/watch?v=1', duration: 754 })
    const tree = (await api.as(OWNER, 'GET', `${V2}/builder/blocks/${c}`)).json().items[0].blocks
    expect(tree.find((b: { id: string }) => b.id === sim).values).toEqual({ url: 'https://phet.example.org/sim.html' })
    expect(tree.find((b: { id: string }) => b.id === video)).not.toHaveProperty('urls')
    // The creator gives a linked video's length.
    expect(tree.find((b: { id: string }) => b.id === video).values).toEqual({ url: 'https://video.example.org/watch?v=1', duration: 754 })
  })
})

describe('cloning a course with files', () => {
  it('gives the clone copies of its own (media, attachments, simulation packages), so the original can change its files', async () => {
    const c = await api.course('With files')
    const s = await api.section(c, 'S')
    const cover = await (async () => {
      const bytes = sampleFile('image/png')
      const res = await api.as(OWNER, 'POST', `${V2}/builder/cover-par`, { uuid: c, size: bytes.length, contentType: 'image/png', fileName: 'cover.png' })
      expect(res.statusCode, res.body).toBe(200)
      await api.app.storage.put(res.json().path, bytes, 'image/png')
      const set = await api.as(OWNER, 'PUT', `${V2}/builder/cover`, { uuid: c, revision: await api.revision(c), cover: res.json().path })
      expect(set.statusCode, set.body).toBe(200)
      return res.json().path as string
    })()
    const doc = await api.block(c, s, 'attachment', {})
    const docPath = await upload(c, 'attachment', 'notes.txt', 'text/plain', strToU8('original notes'))
    expect((await save(c, doc, { path: docPath, title: 'Notes' })).statusCode).toBe(200)
    const sim = await api.block(c, s, 'simulation', {})
    const pkg = await upload(c, 'simulation', 'lab.zip', 'application/zip', zipSync({ 'index.html': strToU8('<p>lab</p>'), 'js/app.js': strToU8('go()') }))
    expect((await save(c, sim, { path: pkg })).statusCode).toBe(200)

    const cloned = await api.as(OWNER, 'POST', `${V2}/builder/clone`, { uuid: c })
    expect(cloned.statusCode, cloned.body).toBe(201)
    const copy = cloned.json().uuid as string
    const own = (key: unknown) => expect(String(key)).toMatch(new RegExp(`^courses/${copy}/`))

    const draft = (await api.as(OWNER, 'GET', `${V2}/builder/${copy}`)).json().Item
    own(draft.cover)
    const blocks = (await api.as(OWNER, 'GET', `${V2}/builder/blocks/${copy}`)).json().items[0].blocks as Array<{
      id: string
      kind: string
      values: Record<string, string>
    }>
    const attachment = blocks.find((b) => b.kind === 'attachment')!.values
    const simulation = blocks.find((b) => b.kind === 'simulation')!.values
    own(attachment.path)
    own(simulation.path)
    expect(simulation.entry).toBe(`${simulation.path}.d/index.html`)

    // The original's files are replaced and deleted: the clone still has its own.
    await api.app.storage.put(docPath, Buffer.from('changed'), 'text/plain')
    for (const key of [cover, `${pkg}.d/index.html`, `${pkg}.d/js/app.js`, pkg]) await api.app.storage.delete(key)
    expect(await read(attachment.path)).toBe('original notes')
    expect(await read(simulation.entry)).toBe('<p>lab</p>')
    expect(await read(`${simulation.path}.d/js/app.js`)).toBe('go()')
    expect((await api.app.storage.head(draft.cover))?.contentType).toBe('image/png')
    expect((await api.app.storage.head(attachment.path))?.contentType).toBe('text/plain')
    // The clone's paths are its own to keep: saving the block again accepts them.
    const resave = await api.as(OWNER, 'PUT', `${V2}/blocks`, {
      uuid: copy,
      revision: (await api.as(OWNER, 'GET', `${V2}/builder/${copy}`)).json().Item.revision,
      item: blocks.find((b) => b.kind === 'attachment')!.id,
      values: { ...attachment, title: 'Notes (copy)' },
    })
    expect(resave.statusCode, resave.body).toBe(200)
  })
})
