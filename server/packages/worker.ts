import { parentPort, workerData } from 'node:worker_threads'
import { extractPackage, type PackageLimits } from './extract.js'

/** The unpack worker: one package per worker, its result posted back once. */
const { zipFile, outDir, limits } = workerData as { zipFile: string; outDir: string; limits: PackageLimits }
parentPort!.postMessage(await extractPackage(zipFile, outDir, limits))
