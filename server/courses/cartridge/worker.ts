import { parentPort, workerData } from 'node:worker_threads'
import { extractPackage, type ExtractResult, type PackageLimits } from '../../packages/extract.js'
import { CartridgeRefusal, readCartridge } from './read.js'

/**
 * The Common Cartridge worker: unpacks one cartridge with the package unpacker's checks, then reads
 * its manifest, pages, links and assessments into the plan of a draft (`read.ts`). Its result is
 * posted back once; the server's event loop neither inflates nor parses.
 */
const { zipFile, outDir, limits, fileName } = workerData as { zipFile: string; outDir: string; limits: PackageLimits; fileName: string }

async function run(): Promise<ExtractResult> {
  const unpacked = await extractPackage(zipFile, outDir, { ...limits, plainNames: false })
  if (!unpacked.ok) return unpacked
  try {
    return { ...unpacked, read: await readCartridge(outDir, unpacked.files, fileName) }
  } catch (error) {
    if (error instanceof CartridgeRefusal) return { ok: false, problem: 'unreadable', message: error.message }
    // Whatever else the file makes the reader fail on is still the file's doing: a refusal, not a server error.
    return { ok: false, problem: 'unreadable', message: `The cartridge could not be read: ${String((error as Error)?.message ?? error).slice(0, 200)}` }
  }
}

parentPort!.postMessage(await run())
