import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A small silent video of `seconds` encoded by the system's ffmpeg (installed here and in CI). */
export function clip(seconds: number, format: 'webm' | 'mp4' = 'webm'): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-clip-'))
  const out = path.join(dir, `clip.${format}`)
  try {
    const codec = format === 'webm' ? ['-c:v', 'libvpx', '-b:v', '50k'] : ['-c:v', 'mpeg4']
    const res = spawnSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=navy:s=64x36:r=5',
      '-t',
      String(seconds),
      ...codec,
      '-f',
      format,
      '-y',
      out,
    ])
    if (res.status !== 0) throw new Error(`ffmpeg could not make a clip: ${String(res.stderr)}`)
    return fs.readFileSync(out)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
