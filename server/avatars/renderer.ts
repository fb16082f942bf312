import type { Config } from '../config.js'
import type { AvatarStyle, AvatarVoice } from '../../contracts/experimental/avatars.js'

/** What a renderer gets for one request. */
export interface RenderInput {
  /** The uploaded photo's bytes and type (png, jpeg or webp). */
  photo: Buffer
  photoType: string
  text: string
  style: AvatarStyle
  voice: AvatarVoice
  /** Aborts when the node stops: the renderer ends its work (and child processes) and rejects. */
  signal: AbortSignal
}

export interface RenderedFile {
  data: Buffer
  contentType: string
  /** File extension without the dot (`mp4`, `png`). */
  extension: string
}

export interface RenderOutput extends RenderedFile {
  /** `video`: a clip that says the text; `image`: a still portrait. */
  kind: 'video' | 'image'
  /** A still to show before the video plays (a video's first frame, the portrait). */
  poster?: RenderedFile
}

/**
 * Makes the result of an avatar request. Implementations: the embedded one (./embedded.ts, a framed
 * portrait narrated by espeak-ng and ffmpeg — not generative AI) and one that runs an external
 * program (./command.ts), which is where a real model plugs in (docs/ai-avatars.md).
 */
export interface AvatarRenderer {
  /** Recorded on each request and shown with the worker nodes. */
  readonly name: string
  render(input: RenderInput): Promise<RenderOutput>
}

/**
 * A failure the requester may read (the photo cannot be decoded, the model refused the text): the
 * request fails with this message. Any other error fails it with a general message, logged in full.
 */
export class RenderError extends Error {}

/** The renderer the configuration names (AVATAR_RENDERER). */
export async function createRenderer(config: Config): Promise<AvatarRenderer> {
  if (config.AVATAR_RENDERER === 'command') {
    const { CommandRenderer } = await import('./command.js')
    return new CommandRenderer(config.AVATAR_RENDER_COMMAND!)
  }
  const { EmbeddedRenderer } = await import('./embedded.js')
  return new EmbeddedRenderer()
}
