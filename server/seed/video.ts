import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { frame } from './pictures.js'

const WIDTH = 640
const HEIGHT = 360
const FPS = 12
const SECONDS = 8

/**
 * A short silent WebM clip (VP8) of one of the demo animations, encoded by the system's ffmpeg from
 * frames drawn here. Resolves to null when ffmpeg is not installed or fails: the demo course then
 * goes without its video block rather than fetching one.
 */
export async function demoClip(kind: 'steps' | 'pomodoro', ffmpeg = 'ffmpeg'): Promise<Buffer | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aula-seed-'))
  const out = path.join(dir, `${kind}.webm`)
  try {
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn(
        ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-s',
          `${WIDTH}x${HEIGHT}`,
          '-r',
          String(FPS),
          '-i',
          '-',
          '-an',
          '-c:v',
          'libvpx',
          '-b:v',
          '400k',
          '-crf',
          '10',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          // One thread and no look-ahead: libvpx otherwise spends seconds on these few simple frames on a busy machine.
          '-threads',
          '1',
          '-lag-in-frames',
          '0',
          '-auto-alt-ref',
          '0',
          '-pix_fmt',
          'yuv420p',
          '-f',
          'webm',
          '-y',
          out,
        ],
        { stdio: ['pipe', 'ignore', 'ignore'] },
      )
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
      child.on('error', () => {
        clearTimeout(timer)
        resolve(false)
      })
      child.on('close', (code) => {
        clearTimeout(timer)
        resolve(code === 0)
      })
      // A closed pipe (ffmpeg missing or stopped) is reported through 'error'/'close' above.
      child.stdin.on('error', () => undefined)
      void (async () => {
        const frames = FPS * SECONDS
        for (let i = 0; i < frames && child.stdin.writable; i++) {
          const pixels = frame(kind, i / (frames - 1)).pixels
          if (!child.stdin.write(pixels)) await new Promise((r) => child.stdin.once('drain', r))
        }
        child.stdin.end()
      })()
    })
    if (!ok) return null
    const data = await fs.readFile(out)
    return data.length > 0 ? data : null
  } catch {
    return null
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
