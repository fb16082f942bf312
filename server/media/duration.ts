import { spawn } from 'node:child_process'
import mediaInfoFactory from 'mediainfo.js'
import { MAX_VIDEO_SECONDS } from '../../contracts/courses/content.js'
import type { Storage } from '../storage/index.js'

/**
 * The length of a stored video, in seconds, as the server reads it: the system's `ffprobe` when it is
 * installed (the file is streamed to it), else (or when ffprobe cannot tell) the container's own
 * header read by MediaInfo (mediainfo.js, WebAssembly) through ranged reads of the stored file. Null when neither can tell
 * (not a video, a damaged file) or the length is outside 0 < length ≤ MAX_VIDEO_SECONDS.
 */

/** How long reading one file's length may take before it is given up. */
const PROBE_TIMEOUT_MS = 60_000

const acceptable = (n: number | null) => (n !== null && Number.isFinite(n) && n > 0 && n <= MAX_VIDEO_SECONDS ? Math.round(n * 1000) / 1000 : null)

/**
 * The length read by ffprobe, null when it cannot tell, or `'missing'` when ffprobe is not installed.
 * The file is piped in: MP4 files whose index comes after the media are read through to it.
 */
export function ffprobeDuration(stream: NodeJS.ReadableStream, ffprobe = 'ffprobe'): Promise<number | null | 'missing'> {
  return new Promise((resolve) => {
    let out = ''
    let settled = false
    const finish = (v: number | null | 'missing') => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      ;(stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.()
      resolve(v)
    }
    const child = spawn(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', '-i', 'pipe:0'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      finish(null)
    }, PROBE_TIMEOUT_MS)
    child.on('error', (err: NodeJS.ErrnoException) => finish(err.code === 'ENOENT' ? 'missing' : null))
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('close', (code) => finish(code === 0 ? acceptable(Number.parseFloat(out.trim())) : null))
    // ffprobe stops reading once it knows: the rest of the file is not wanted.
    child.stdin.on('error', () => undefined)
    stream.on('error', () => child.stdin.end())
    stream.pipe(child.stdin)
  })
}

/** The length MediaInfo reads from the container's header, through ranged reads of the stored file. */
export async function headerDuration(storage: Storage, key: string, size: number): Promise<number | null> {
  const info = await mediaInfoFactory({ format: 'object', chunkSize: 1024 * 1024 })
  try {
    const readChunk = async (chunkSize: number, offset: number): Promise<Uint8Array> => {
      if (chunkSize <= 0 || offset >= size) return new Uint8Array(0)
      const stream = await storage.read(key, { start: offset, end: Math.min(size, offset + chunkSize) - 1 })
      const parts: Buffer[] = []
      for await (const part of stream as AsyncIterable<Buffer | string>) parts.push(typeof part === 'string' ? Buffer.from(part) : part)
      return Buffer.concat(parts)
    }
    const result = await info.analyzeData(size, readChunk)
    const general = result.media?.track.find((t) => t['@type'] === 'General') as { Duration?: unknown } | undefined
    const duration = general?.Duration
    return acceptable(typeof duration === 'number' ? duration : typeof duration === 'string' ? Number.parseFloat(duration) : null)
  } catch {
    return null
  } finally {
    info.close()
  }
}

/** The length of the stored video `key` of `size` bytes (see above); `ffprobe` names the program to try first. */
export async function videoDuration(storage: Storage, key: string, size: number, ffprobe = 'ffprobe'): Promise<number | null> {
  const probed = await ffprobeDuration(await storage.read(key), ffprobe)
  if (typeof probed === 'number') return probed
  // Without ffprobe, or when it could not tell (a container whose header it would not trust), the header decides.
  return headerDuration(storage, key, size)
}
