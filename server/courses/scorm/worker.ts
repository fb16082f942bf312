import fsp from 'node:fs/promises'
import nodePath from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { extractPackage, type ExtractResult, type PackageFile, type PackageLimits } from '../../packages/extract.js'
import { XmlRefusal } from '../../packages/xml.js'
import { ManifestRefusal, MAX_MANIFEST_BYTES, readManifest } from './manifest.js'
import { BRIDGE_FILE, bridgeScript, CLIENT_FILE, clientScript, fileFacts, MAX_PAGE_BYTES, RUNTIME_FOLDER, withRuntime } from './runtime.js'

/**
 * The SCORM worker: unpacks one package with the package unpacker's checks, reads its manifest
 * (`manifest.ts`) and adds the run-time bridge to its pages (`runtime.ts`). Its result is posted back
 * once; the server's event loop neither inflates, parses nor rewrites.
 */
const { zipFile, outDir, limits } = workerData as { zipFile: string; outDir: string; limits: PackageLimits }

const refused = (message: string): ExtractResult => ({ ok: false, problem: 'unreadable', message })
const onDisk = (name: string) => nodePath.join(outDir, ...name.split('/'))

async function run(): Promise<ExtractResult> {
  const unpacked = await extractPackage(zipFile, outDir, limits)
  if (!unpacked.ok) return unpacked
  const manifestFile = unpacked.files.find((f) => f.name.toLowerCase() === 'imsmanifest.xml')
  if (!manifestFile) return refused('The package has no imsmanifest.xml at its top: it is not a SCORM package')
  if (manifestFile.size > MAX_MANIFEST_BYTES) return refused('imsmanifest.xml is larger than 5 MB')
  if (unpacked.files.some((f) => f.name.toLowerCase().startsWith(`${RUNTIME_FOLDER}/`))) {
    return refused(`The package already holds a folder named ${RUNTIME_FOLDER}, which Aula needs for itself`)
  }
  let manifest
  try {
    manifest = readManifest(await fsp.readFile(onDisk(manifestFile.name), 'utf8'), unpacked.files)
  } catch (error) {
    if (error instanceof ManifestRefusal || error instanceof XmlRefusal) return refused(error.message)
    return refused(`The manifest could not be read: ${String((error as Error)?.message ?? error).slice(0, 200)}`)
  }
  const files: PackageFile[] = []
  for (const file of unpacked.files) {
    if (!/\.html?$/i.test(file.name) || file.size > MAX_PAGE_BYTES) {
      files.push(file)
      continue
    }
    // Read byte for byte (latin1), so a page in any ASCII-compatible encoding keeps its bytes.
    const page = Buffer.from(withRuntime(await fsp.readFile(onDisk(file.name), 'latin1'), file.name.split('/').length - 1), 'latin1')
    await fsp.writeFile(onDisk(file.name), page)
    files.push({ name: file.name, ...fileFacts(page) })
  }
  await fsp.mkdir(nodePath.join(outDir, RUNTIME_FOLDER))
  for (const [name, bytes] of [
    [CLIENT_FILE, clientScript()],
    [BRIDGE_FILE, bridgeScript()],
  ] as const) {
    await fsp.writeFile(onDisk(name), bytes)
    files.push({ name, ...fileFacts(bytes) })
  }
  return { ok: true, files, read: manifest }
}

parentPort!.postMessage(await run())
