import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { RenderError, type AvatarRenderer, type RenderedFile, type RenderInput, type RenderOutput } from './renderer.js'
import { run } from './tools.js'

/** What the program may leave in its output folder, and how each file is served. */
const RESULTS: Array<{ file: string; kind: 'video' | 'image'; contentType: string; extension: string }> = [
  { file: 'result.mp4', kind: 'video', contentType: 'video/mp4', extension: 'mp4' },
  { file: 'result.webm', kind: 'video', contentType: 'video/webm', extension: 'webm' },
  { file: 'result.png', kind: 'image', contentType: 'image/png', extension: 'png' },
  { file: 'result.jpg', kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
]
const POSTERS = RESULTS.filter((r) => r.kind === 'image').map((r) => ({ ...r, file: r.file.replace('result', 'poster') }))

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }

/**
 * Plugs any program in as the renderer — the way to use a real talking-head model (a script that
 * runs it locally or calls a hosted service). Per request it runs
 * `<command> <photo file> <text file> <style> <voice> <output folder>` and reads back
 * `result.mp4|webm|png|jpg` (and optionally `poster.png|jpg`) from the folder. Exit code 0 is
 * success; on exit code 3 the program's last line of standard error is shown to the requester (a
 * refusal it wants them to read); any other failure is reported in general terms and logged.
 */
export class CommandRenderer implements AvatarRenderer {
  readonly name: string

  constructor(private readonly command: string) {
    this.name = `command:${path.basename(command)}`
  }

  async render(input: RenderInput): Promise<RenderOutput> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aula-avatar-cmd-'))
    try {
      const photo = path.join(dir, `photo.${EXTENSIONS[input.photoType] ?? 'img'}`)
      const text = path.join(dir, 'text.txt')
      const out = path.join(dir, 'out')
      await fs.mkdir(out)
      await fs.writeFile(photo, input.photo)
      await fs.writeFile(text, input.text, 'utf8')
      const result = await run(this.command, [photo, text, input.style, input.voice, out], { signal: input.signal, timeoutMs: 30 * 60_000, cwd: dir })
      input.signal.throwIfAborted()
      if (result.code === 3) {
        const line = result.stderr.trim().split('\n').pop()?.trim()
        throw new RenderError(line ? line.slice(0, 300) : 'The renderer refused this request')
      }
      if (result.code !== 0) throw new Error(`render command exited with ${result.code}: ${result.stderr}`)
      const made = await firstFile(out, RESULTS)
      if (!made) throw new Error('render command left no result file')
      const poster = await firstFile(out, POSTERS)
      return { kind: made.kind, data: made.data, contentType: made.contentType, extension: made.extension, ...(poster ? { poster } : {}) }
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  }
}

async function firstFile<T extends { file: string; contentType: string; extension: string }>(dir: string, candidates: T[]): Promise<(T & RenderedFile) | null> {
  for (const c of candidates) {
    const data = await fs.readFile(path.join(dir, c.file)).catch(() => null)
    if (data && data.length > 0) return { ...c, data }
  }
  return null
}
