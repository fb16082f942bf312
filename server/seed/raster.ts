import zlib from 'node:zlib'

/**
 * A small RGB canvas for the demo pictures and video frames, and a PNG encoder for it. The shapes are
 * anti-aliased by coverage (distance to the edge), which is all simple diagrams and covers need.
 */

export type Rgb = readonly [number, number, number]

export const hex = (s: string): Rgb => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)]

export class Canvas {
  readonly pixels: Buffer

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3)
    this.fill(background)
  }

  fill(c: Rgb): void {
    this.pixels.set(c, 0)
    // Doubling copies: a few calls instead of one per pixel.
    for (let n = 3; n < this.pixels.length; n *= 2) this.pixels.copyWithin(n, 0, Math.min(n, this.pixels.length - n))
  }

  /** A copy to draw on (the static part of an animation is drawn once). */
  clone(): Canvas {
    const c = new Canvas(this.width, this.height, [0, 0, 0])
    this.pixels.copy(c.pixels)
    return c
  }

  /** Blends `c` over the pixel with opacity `a` (0..1). */
  blend(x: number, y: number, c: Rgb, a: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || a <= 0) return
    const i = (y * this.width + x) * 3
    const k = Math.min(1, a)
    for (let j = 0; j < 3; j++) this.pixels[i + j] = Math.round(this.pixels[i + j] * (1 - k) + c[j] * k)
  }

  /** A vertical or diagonal two-colour gradient over the whole canvas. */
  gradient(from: Rgb, to: Rgb, diagonal = true): void {
    const span = diagonal ? this.width + this.height : this.height
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = (diagonal ? x + y : y) / span
        this.pixels.set(
          [0, 1, 2].map((j) => Math.round(from[j] + (to[j] - from[j]) * t)),
          (y * this.width + x) * 3,
        )
      }
    }
  }

  /** Axis-aligned rectangle with rounded corners of radius `r`. */
  rect(x0: number, y0: number, w: number, h: number, c: Rgb, alpha = 1, r = 0): void {
    const rr = Math.min(r, w / 2, h / 2)
    for (let y = Math.floor(y0); y < Math.ceil(y0 + h); y++) {
      for (let x = Math.floor(x0); x < Math.ceil(x0 + w); x++) {
        // Distance outside the rounded rectangle, measured from the pixel centre.
        const px = x + 0.5
        const py = y + 0.5
        const dx = Math.max(x0 + rr - px, 0, px - (x0 + w - rr))
        const dy = Math.max(y0 + rr - py, 0, py - (y0 + h - rr))
        const d = rr > 0 ? Math.hypot(dx, dy) - rr : Math.max(x0 - px, px - (x0 + w), y0 - py, py - (y0 + h))
        this.blend(x, y, c, alpha * clamp01(0.5 - d))
      }
    }
  }

  /** Filled disc; with `ring` set, only a ring of that width. */
  circle(cx: number, cy: number, radius: number, c: Rgb, alpha = 1, ring = 0): void {
    for (let y = Math.floor(cy - radius - 1); y <= Math.ceil(cy + radius + 1); y++) {
      for (let x = Math.floor(cx - radius - 1); x <= Math.ceil(cx + radius + 1); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy)
        const outer = clamp01(radius - d + 0.5)
        const inner = ring > 0 ? clamp01(d - (radius - ring) + 0.5) : 1
        this.blend(x, y, c, alpha * outer * inner)
      }
    }
  }

  /** Part of a ring from angle `start` to `end` (radians, clockwise from twelve o'clock). */
  arc(cx: number, cy: number, radius: number, width: number, start: number, end: number, c: Rgb): void {
    for (let y = Math.floor(cy - radius - 1); y <= Math.ceil(cy + radius + 1); y++) {
      for (let x = Math.floor(cx - radius - 1); x <= Math.ceil(cx + radius + 1); x++) {
        const dx = x + 0.5 - cx
        const dy = y + 0.5 - cy
        const d = Math.hypot(dx, dy)
        if (d > radius + 1 || d < radius - width - 1) continue
        let a = Math.atan2(dx, -dy)
        if (a < 0) a += 2 * Math.PI
        if (a < start || a > end) continue
        this.blend(x, y, c, clamp01(radius - d + 0.5) * clamp01(d - (radius - width) + 0.5))
      }
    }
  }

  /** A thick line segment with round ends. */
  line(x1: number, y1: number, x2: number, y2: number, width: number, c: Rgb, alpha = 1): void {
    const half = width / 2
    const minX = Math.floor(Math.min(x1, x2) - half - 1)
    const maxX = Math.ceil(Math.max(x1, x2) + half + 1)
    const minY = Math.floor(Math.min(y1, y2) - half - 1)
    const maxY = Math.ceil(Math.max(y1, y2) + half + 1)
    const vx = x2 - x1
    const vy = y2 - y1
    const len2 = vx * vx + vy * vy || 1
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5
        const py = y + 0.5
        const t = Math.max(0, Math.min(1, ((px - x1) * vx + (py - y1) * vy) / len2))
        const d = Math.hypot(px - (x1 + t * vx), py - (y1 + t * vy))
        this.blend(x, y, c, alpha * clamp01(half - d + 0.5))
      }
    }
  }

  /** A polyline through the points. */
  path(points: Array<[number, number]>, width: number, c: Rgb, alpha = 1): void {
    for (let i = 1; i < points.length; i++) this.line(points[i - 1][0], points[i - 1][1], points[i][0], points[i][1], width, c, alpha)
  }

  /** The image as a PNG file (8-bit RGB, no interlace). */
  png(): Buffer {
    const stride = this.width * 3
    const raw = Buffer.alloc((stride + 1) * this.height)
    for (let y = 0; y < this.height; y++) {
      // Filter type 0 (none) for each scanline.
      raw[y * (stride + 1)] = 0
      this.pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride)
    }
    const header = Buffer.alloc(13)
    header.writeUInt32BE(this.width, 0)
    header.writeUInt32BE(this.height, 4)
    header.set([8, 2, 0, 0, 0], 8)
    return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
  }
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v)

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}
