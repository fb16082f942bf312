import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { craftZip, zeroCrc32, zeroDeflate, type CraftedEntry } from '../helpers/zip.js'
import { contentApp, OWNER, V2, type ContentApi } from './content-setup.js'

/**
 * Simulation packages (zip) as a client may craft them: headers that lie about sizes, damaged
 * checksums, names that clash or try to leave the package folder. Every refusal is a 400 naming what
 * was wrong; nothing reaches storage and the work folder is gone. Unpacking never holds up other
 * requests.
 */

let api: ContentApi
let dataDir: string
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-packages-'))
  api = await contentApp({ AULA_DATA_DIR: dataDir })
})
afterAll(async () => {
  await api.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const INDEX: CraftedEntry = { name: 'index.html', data: strToU8('<!doctype html><script src="app.js"></script>') }
const unpackDir = () => path.join(dataDir, 'unpack')
/** What is left in the work folder (nothing once every unpack has finished). */
const leftovers = () => (fs.existsSync(unpackDir()) ? fs.readdirSync(unpackDir()) : [])

let course: string
let block: string
beforeAll(async () => {
  course = await api.course()
  const s = await api.section(course, 'Labs')
  block = await api.block(course, s, 'simulation', {})
})

/** Uploads the zip as the browser would (issued path, stored as sent). */
async function upload(zip: Uint8Array, fileName = 'lab.zip') {
  const par = await api.as(OWNER, 'POST', `${V2}/blocks/resource-par`, { uuid: course, block, size: zip.length, contentType: 'application/zip', fileName })
  expect(par.statusCode, par.body).toBe(200)
  const key = par.json().path as string
  await api.app.storage.put(key, Buffer.from(zip), 'application/zip')
  return key
}

const save = async (key: string) =>
  api.as(OWNER, 'PUT', `${V2}/blocks`, { uuid: course, revision: await api.revision(course), item: block, values: { path: key } })

/** Saves a block with the package and expects a 400 whose message matches; storage and the work folder are as before. */
async function expectRefused(entries: CraftedEntry[] | Buffer, message: RegExp) {
  const key = await upload(Buffer.isBuffer(entries) ? entries : craftZip(entries))
  const before = await api.app.storage.usage()
  const revision = await api.revision(course)
  const res = await save(key)
  expect(res.statusCode, res.body).toBe(400)
  expect(res.json().errors['values.path']).toMatch(message)
  expect(await api.app.storage.usage()).toEqual(before)
  expect(await api.app.storage.head(`${key}.d/index.html`)).toBeNull()
  expect(await api.revision(course)).toBe(revision)
  expect(leftovers()).toEqual([])
}

describe('refused packages', () => {
  it('stops a file that inflates past the size its headers declare (2 MB zip, 1,000 bytes declared, 2,000 MiB inside)', async () => {
    const bomb = craftZip([INDEX, { name: 'app.js', deflated: zeroDeflate(2000), size: 1000 }])
    expect(bomb.length).toBeLessThan(2.5 * 1024 * 1024)
    await expectRefused(bomb, /^The file "app\.js" in the package unpacks to more than the 1000 bytes its header declares$/)
  })

  it('refuses a package that would unpack to more than 300 MB, before inflating anything', async () => {
    await expectRefused(
      [INDEX, { name: 'a.bin', deflated: zeroDeflate(1), size: 200 * 1024 * 1024 }, { name: 'b.bin', deflated: zeroDeflate(1), size: 200 * 1024 * 1024 }],
      /^The package unpacks to more than 300 MB$/,
    )
  })

  it('refuses a file whose CRC-32 does not match its bytes', async () => {
    await expectRefused(
      [INDEX, { name: 'app.js', data: strToU8('run()'), crc32: 0x12345678 }],
      /^The file "app\.js" in the package is damaged: its CRC-32 checksum does not match$/,
    )
    // Stored (not deflated) files are checked alike.
    await expectRefused([INDEX, { name: 'app.js', data: strToU8('run()'), method: 0, crc32: 1 }], /CRC-32 checksum does not match/)
  })

  it('refuses a file shorter than declared, and data that is not a deflate stream', async () => {
    await expectRefused(
      [INDEX, { name: 'app.js', data: strToU8('run()'), size: 50 }],
      /^The file "app\.js" in the package is shorter than its header declares$/,
    )
    await expectRefused(
      [INDEX, { name: 'app.js', deflated: Buffer.from('not deflate at all'), size: 5 }],
      /^The file "app\.js" in the package is damaged and cannot be unpacked$/,
    )
  })

  it('refuses names that clash: a file and a folder of the same name, a name twice, names differing only in case', async () => {
    await expectRefused(
      [INDEX, { name: 'd', data: strToU8('x') }, { name: 'd/x.txt', data: strToU8('y') }],
      /^The package holds "d" both as a file and as a folder$/,
    )
    await expectRefused(
      [INDEX, { name: 'd/x.txt', data: strToU8('y') }, { name: 'd', data: strToU8('x') }],
      /^The package holds "d" both as a file and as a folder$/,
    )
    await expectRefused(
      [INDEX, { name: 'lib/', data: new Uint8Array() }, { name: 'lib', data: strToU8('x') }],
      /^The package holds "lib" both as a file and as a folder$/,
    )
    await expectRefused([INDEX, { name: 'app.js', data: strToU8('a') }, { name: 'app.js', data: strToU8('b') }], /^The package holds "app\.js" more than once$/)
    await expectRefused(
      [INDEX, { name: 'App.js', data: strToU8('a') }, { name: 'app.js', data: strToU8('b') }],
      /^The package holds "App\.js" and "app\.js", whose names differ only in upper and lower case$/,
    )
  })

  it('refuses paths that leave the package folder, absolute paths, backslashes, drive letters and symbolic links', async () => {
    const file = (name: string): CraftedEntry[] => [INDEX, { name, data: strToU8('x') }]
    await expectRefused(file('../evil.js'), /^The package holds an unsafe path \(it leads out of the package folder\): "\.\.\/evil\.js"$/)
    await expectRefused(file('js/../../evil.js'), /it leads out of the package folder/)
    await expectRefused(file('/etc/evil.js'), /^The package holds an unsafe path \(an absolute path\): "\/etc\/evil\.js"$/)
    await expectRefused(file('js\\evil.js'), /^The package holds an unsafe path \(a backslash\)/)
    await expectRefused(file('C:/evil.js'), /^The package holds an unsafe path \(a drive letter\)/)
    await expectRefused(file('js//evil.js'), /an empty or "\." folder name/)
    await expectRefused(
      [INDEX, { name: 'app.js', data: strToU8('/etc/passwd'), method: 0, unixMode: 0o120777 }],
      /^The package holds an unsafe path \(a symbolic link\): "app\.js"$/,
    )
  })

  it('refuses what is not a zip, too many files, encrypted files and other compression methods', async () => {
    await expectRefused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), /^The package is not a valid zip file$/)
    const many = Array.from({ length: 3001 }, (_, i): CraftedEntry => ({ name: `f${i}.txt`, data: strToU8('x'), method: 0 }))
    await expectRefused([INDEX, ...many], /^The package holds more than 3000 files$/)
    const bzip2 = craftZip([INDEX, { name: 'app.js', data: strToU8('x'), method: 0 }])
    // Compression method 12 (bzip2) in both headers of the second entry.
    const second = bzip2.indexOf(Buffer.from('app.js')) - 30
    bzip2.writeUInt16LE(12, second + 8)
    bzip2.writeUInt16LE(12, bzip2.lastIndexOf(Buffer.from('app.js')) - 46 + 10)
    await expectRefused(bzip2, /^The package holds a file compressed with a method other than deflate: "app\.js"$/)
    const encrypted = craftZip([INDEX, { name: 'app.js', data: strToU8('x'), method: 0 }])
    encrypted.writeUInt16LE(0x801, encrypted.lastIndexOf(Buffer.from('app.js')) - 46 + 8)
    await expectRefused(encrypted, /^The package holds an encrypted file: "app\.js"$/)
  })
})

describe('storing a checked package', () => {
  it('takes back what it stored when storage fails part-way, and leaves no work folder', async () => {
    const storage = api.app.storage
    const putFile = storage.putFile.bind(storage)
    let calls = 0
    storage.putFile = async (...args: Parameters<typeof putFile>) => {
      calls += 1
      if (calls === 3) throw new Error('storage unavailable')
      return putFile(...args)
    }
    try {
      const key = await upload(craftZip([INDEX, ...['a.js', 'b.js', 'c.js'].map((name) => ({ name, data: strToU8(name) }))]))
      const before = await storage.usage()
      const res = await save(key)
      expect(res.statusCode).toBe(500)
      expect(calls).toBe(3)
      expect(await storage.usage()).toEqual(before)
      expect(leftovers()).toEqual([])
    } finally {
      storage.putFile = putFile
    }
  })
})

describe('unpacking off the event loop', () => {
  it('answers /api/health while a large package inflates, and then stores the package whole', async () => {
    const mib = 150
    const zip = craftZip([INDEX, { name: 'data.bin', deflated: zeroDeflate(mib), size: mib * 1024 * 1024, crc32: zeroCrc32(mib) }])
    const key = await upload(zip)
    let done = false
    const saving = save(key).finally(() => (done = true))
    // Sizes of the file being inflated, as seen each time /api/health has answered meanwhile.
    const seen = new Set<number>()
    let answered = 0
    while (!done) {
      // One turn of the event loop between checks, as between requests arriving on a socket.
      await new Promise((resolve) => setImmediate(resolve))
      const health = await api.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
      answered += 1
      for (const folder of leftovers()) {
        try {
          const size = fs.statSync(path.join(unpackDir(), folder, 'data.bin')).size
          if (size > 0 && size < mib * 1024 * 1024) seen.add(size)
        } catch {
          // not started yet, or already finished
        }
      }
    }
    const saved = await saving
    expect(saved.statusCode, saved.body).toBe(200)
    // The health check answered at least twice while the file was growing: inflating did not hold the loop.
    expect(seen.size).toBeGreaterThanOrEqual(2)
    expect(answered).toBeGreaterThan(seen.size)
    expect((await api.app.storage.head(`${key}.d/data.bin`))?.size).toBe(mib * 1024 * 1024)
    expect(saved.json().item.values.entry).toBe(`${key}.d/index.html`)
    expect(leftovers()).toEqual([])
  })
})
