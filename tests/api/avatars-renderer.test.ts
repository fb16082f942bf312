import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AVATAR_STYLES } from '../../contracts/experimental/avatars.js'
import { CommandRenderer } from '../../server/avatars/command.js'
import { EmbeddedRenderer } from '../../server/avatars/embedded.js'
import { RenderError, type RenderInput } from '../../server/avatars/renderer.js'
import { loadConfig } from '../../server/config.js'
import { photo } from './avatars-helpers.js'

const input = async (over: Partial<RenderInput> = {}): Promise<RenderInput> => ({
  photo: await photo(1200, 800),
  photoType: 'image/jpeg',
  text: 'Good morning, everyone.',
  style: 'studio',
  voice: 'en',
  signal: new AbortController().signal,
  ...over,
})

/** The embedded renderer on a machine without espeak-ng and ffmpeg. */
const stillOnly = new EmbeddedRenderer({ espeak: '/nonexistent/espeak-ng', ffmpeg: '/nonexistent/ffmpeg' })
const SIZES = { studio: [640, 640], round: [640, 640], instant: [592, 672], mono: [640, 640] } as const

describe('embedded renderer', () => {
  it('frames a portrait cut from the photo in each style (image only without espeak-ng and ffmpeg)', async () => {
    for (const style of AVATAR_STYLES) {
      const out = await stillOnly.render(await input({ style }))
      expect(out.kind).toBe('image')
      expect(out.contentType).toBe('image/png')
      const meta = await sharp(out.data).metadata()
      expect([meta.width, meta.height], style).toEqual([...SIZES[style]])
    }
    // mono is grey: every pixel's channels are equal.
    const mono = await sharp((await stillOnly.render(await input({ style: 'mono' }))).data)
      .removeAlpha()
      .raw()
      .toBuffer()
    for (let i = 0; i < mono.length; i += 3 * 997) expect(mono[i]).toBe(mono[i + 1])
  })

  it('refuses a file that is not an image with a message for the requester', async () => {
    await expect(stillOnly.render(await input({ photo: Buffer.from('plain text') }))).rejects.toThrow(
      new RenderError('The photo could not be read as an image'),
    )
  })

  it.skipIf(spawnSync('espeak-ng', ['--version']).status !== 0)('speaks the text into an MP4 with the portrait as picture and poster', async () => {
    const renderer = new EmbeddedRenderer()
    expect(await renderer.narrates()).toBe(true)
    const out = await renderer.render(await input({ text: 'This is a longer sentence, spoken by the speech synthesiser for the test.' }))
    expect(out).toMatchObject({ kind: 'video', contentType: 'video/mp4', extension: 'mp4' })
    expect(out.poster?.contentType).toBe('image/png')
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'avatar-test-'))
    try {
      const file = path.join(dir, 'a.mp4')
      await fs.writeFile(file, out.data)
      const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:format=duration', '-of', 'json', file], {
        encoding: 'utf8',
      })
      const info = JSON.parse(probe.stdout) as { streams: Array<{ codec_type: string; width?: number; height?: number }>; format: { duration: string } }
      expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video'])
      expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 640 })
      // The clip lasts as long as the speech: several seconds for this sentence.
      expect(Number(info.format.duration)).toBeGreaterThan(2)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })

  it('stops when the node stops', async () => {
    const abort = new AbortController()
    abort.abort()
    await expect(new EmbeddedRenderer().render(await input({ signal: abort.signal }))).rejects.toThrow()
  })
})

describe('command renderer', () => {
  async function script(body: string) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'avatar-cmd-'))
    const file = path.join(dir, 'render.sh')
    await fs.writeFile(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 })
    return file
  }

  it('runs the program with the photo, text, style, voice and output folder, and reads its result', async () => {
    const cmd = await script('test "$3" = round && test "$4" = it && grep -q "Buongiorno" "$2" && cp "$1" "$5/result.jpg"')
    const out = await new CommandRenderer(cmd).render(await input({ style: 'round', voice: 'it', text: 'Buongiorno a tutti' }))
    expect(out).toMatchObject({ kind: 'image', contentType: 'image/jpeg', extension: 'jpg' })
    expect((await sharp(out.data).metadata()).format).toBe('jpeg')
  })

  it('shows a refusal (exit code 3) to the requester and hides other failures', async () => {
    const refuses = await script('echo "debug noise" >&2; echo "The text is too long for this model" >&2; exit 3')
    await expect(new CommandRenderer(refuses).render(await input())).rejects.toThrow(new RenderError('The text is too long for this model'))
    const breaks = await script('echo "secret stack trace" >&2; exit 1')
    const error = await new CommandRenderer(breaks).render(await input()).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(RenderError)
    const silent = await script('exit 0')
    await expect(new CommandRenderer(silent).render(await input())).rejects.toThrow(/no result/)
  })

  it('is chosen by configuration, which requires the program', () => {
    expect(() => loadConfig({ AVATAR_RENDERER: 'command' })).toThrow(/AVATAR_RENDER_COMMAND is required/)
    expect(() => loadConfig({ AVATAR_WORKERS: '-1' })).toThrow(/AVATAR_WORKERS/)
    expect(loadConfig({}).AVATAR_RENDERER).toBe('embedded')
  })
})
