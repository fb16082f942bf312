import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Sharp } from 'sharp'
import type { AvatarStyle } from '../../contracts/experimental/avatars.js'
import { RenderError, type AvatarRenderer, type RenderInput, type RenderOutput } from './renderer.js'
import { hasProgram, run } from './tools.js'

/** Side of the square cut from the photo. */
const FACE = 512
/** Frames per second of the narrated clip: the picture is still, only the voice line moves. */
const FPS = 12

type SharpModule = (typeof import('sharp'))['default']
let loaded: Promise<SharpModule> | null = null
/** sharp (libvips) loads at the first render, not at every server start. */
export const loadSharp = async (): Promise<SharpModule> => await (loaded ??= import('sharp').then((m) => m.default))

interface Frame {
  /** Draws the framed portrait from the square cut. */
  draw(face: Sharp, sharp: SharpModule): Promise<Buffer>
  /** Colour of the voice line drawn over the bottom of the frame. */
  wave: string
}

const circle = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${FACE}" height="${FACE}"><circle cx="${FACE / 2}" cy="${FACE / 2}" r="${FACE / 2}" fill="#fff"/></svg>`,
)

/** The styles of the form (contracts/experimental/avatars.ts), each a frame; every size is even (H.264 needs it). */
const FRAMES: Record<AvatarStyle, Frame> = {
  // A thin white mat in a deep blue frame: 640×640.
  studio: {
    wave: '#ffffff',
    draw: async (face, sharp) =>
      sharp(await face.extend({ top: 8, bottom: 8, left: 8, right: 8, background: '#ffffff' }).png().toBuffer())
        .extend({ top: 56, bottom: 56, left: 56, right: 56, background: '#1f3a5f' })
        .png()
        .toBuffer(),
  },
  // The face in a circle on a teal ground: 640×640.
  round: {
    wave: '#ffffff',
    draw: async (face, sharp) => {
      const cut = await face
        .ensureAlpha()
        .composite([{ input: circle, blend: 'dest-in' }])
        .png()
        .toBuffer()
      return sharp({ create: { width: 640, height: 640, channels: 4, background: '#0f5257' } })
        .composite([{ input: cut, left: 64, top: 40 }])
        .png()
        .toBuffer()
    },
  },
  // An instant photo: white border, wider at the bottom: 592×672.
  instant: {
    wave: '#333333',
    draw: async (face) => face.extend({ top: 40, left: 40, right: 40, bottom: 120, background: '#fbfbf8' }).png().toBuffer(),
  },
  // Black and white in a dark frame: 640×640.
  mono: {
    wave: '#ffffff',
    draw: async (face, sharp) =>
      sharp(await face.greyscale().extend({ top: 8, bottom: 8, left: 8, right: 8, background: '#d9d9d9' }).png().toBuffer())
        .extend({ top: 56, bottom: 56, left: 56, right: 56, background: '#151515' })
        .png()
        .toBuffer(),
  },
}

/**
 * The renderer that works on any machine, without a network or a GPU — and without any generative
 * model: it cuts a square portrait from the photo (sharp's attention strategy keeps the most salient
 * part, usually the face), frames it in the chosen style, and when Debian's `espeak-ng` and `ffmpeg`
 * are installed has the text spoken by the speech synthesiser and muxed with the still portrait (and
 * a moving voice line) into an MP4. Without either program the result is the framed portrait alone.
 */
export class EmbeddedRenderer implements AvatarRenderer {
  readonly name = 'embedded'

  constructor(private readonly programs: { espeak: string; ffmpeg: string } = { espeak: 'espeak-ng', ffmpeg: 'ffmpeg' }) {}

  /** Whether this machine makes narrated videos (both programs present). */
  async narrates(): Promise<boolean> {
    const [espeak, ffmpeg] = await Promise.all([hasProgram(this.programs.espeak), hasProgram(this.programs.ffmpeg, '-version')])
    return espeak && ffmpeg
  }

  async render(input: RenderInput): Promise<RenderOutput> {
    const frame = FRAMES[input.style]
    const sharp = await loadSharp()
    let portrait: Buffer
    try {
      // rotate(): turn the photo upright as its EXIF orientation says before cutting.
      const face = sharp(input.photo, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize(FACE, FACE, { fit: 'cover', position: sharp.strategy.attention })
      portrait = await frame.draw(face, sharp)
    } catch {
      throw new RenderError('The photo could not be read as an image')
    }
    input.signal.throwIfAborted()
    const still = { data: portrait, contentType: 'image/png', extension: 'png' }
    if (!(await this.narrates())) return { kind: 'image', ...still }
    const video = await this.narrate(portrait, input, frame.wave)
    return { kind: 'video', data: video, contentType: 'video/mp4', extension: 'mp4', poster: still }
  }

  private async narrate(portrait: Buffer, input: RenderInput, wave: string): Promise<Buffer> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aula-avatar-'))
    try {
      const still = path.join(dir, 'portrait.png')
      const speech = path.join(dir, 'speech.wav')
      const out = path.join(dir, 'avatar.mp4')
      await fs.writeFile(still, portrait)
      // The text goes through standard input: never parsed as options, whatever it starts with.
      const spoken = await run(this.programs.espeak, ['-v', input.voice, '-b', '1', '-s', '150', '--stdin', '-w', speech], {
        input: input.text,
        signal: input.signal,
      })
      input.signal.throwIfAborted()
      if (spoken.code !== 0) throw new Error(`espeak-ng failed: ${spoken.stderr}`)
      const { width } = await (await loadSharp())(portrait).metadata()
      const waveWidth = Math.max(2, Math.round(((width ?? 640) * 0.8) / 2) * 2)
      const muxed = await run(
        this.programs.ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-loop',
          '1',
          '-framerate',
          String(FPS),
          '-i',
          still,
          '-i',
          speech,
          '-filter_complex',
          `[1:a]showwaves=s=${waveWidth}x64:mode=cline:colors=${wave}:rate=${FPS}[w];[0:v][w]overlay=(W-w)/2:H-h-20,format=yuv420p[v]`,
          '-map',
          '[v]',
          '-map',
          '1:a',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-tune',
          'stillimage',
          // One thread: the machine's other work (requests, other renders) keeps its share.
          '-threads',
          '1',
          '-c:a',
          'aac',
          '-b:a',
          '96k',
          '-shortest',
          '-movflags',
          '+faststart',
          out,
        ],
        { signal: input.signal, timeoutMs: 300_000 },
      )
      input.signal.throwIfAborted()
      if (muxed.code !== 0) throw new Error(`ffmpeg failed: ${muxed.stderr}`)
      return await fs.readFile(out)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  }
}
