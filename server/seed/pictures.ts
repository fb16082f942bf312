import { Canvas, hex, type Rgb } from './raster.js'

/** The demo catalogue's pictures, drawn in code so that a fresh installation needs no download. */

const NAVY = hex('#1d3557')
const WHITE: Rgb = [255, 255, 255]

/** A course cover (16:9): a diagonal gradient with the course's motif. */
export function coverPng(motif: 'compass' | 'stack', from: string, to: string): Buffer {
  const c = new Canvas(960, 540, WHITE)
  c.gradient(hex(from), hex(to))
  // Soft background circles give the cover depth without competing with the catalogue card's text.
  c.circle(820, 90, 210, WHITE, 0.08)
  c.circle(120, 500, 170, WHITE, 0.07)
  if (motif === 'compass') {
    c.circle(480, 270, 170, WHITE, 0.95)
    c.circle(480, 270, 170, NAVY, 0.9, 10)
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * 2 * Math.PI
      const r1 = i % 3 === 0 ? 130 : 145
      c.line(480 + Math.sin(a) * r1, 270 - Math.cos(a) * r1, 480 + Math.sin(a) * 155, 270 - Math.cos(a) * 155, 6, NAVY)
    }
    // The needle: north half in the accent colour, south half dark.
    c.line(480, 270, 560, 150, 22, hex('#e63946'))
    c.line(480, 270, 400, 390, 22, NAVY)
    c.circle(480, 270, 16, WHITE)
    c.circle(480, 270, 16, NAVY, 1, 4)
  } else {
    const colours = ['#f4a261', '#2a9d8f', '#e9c46a', '#e76f51'].map(hex)
    colours.forEach((col, i) => {
      const y = 380 - i * 62
      c.rect(300 + i * 12, y, 360 - i * 24, 52, col, 1, 8)
      c.rect(300 + i * 12, y + 40, 360 - i * 24, 12, NAVY, 0.25, 6)
    })
    // A lamp of ideas above the stack of books.
    c.circle(480, 110, 42, hex('#fff3b0'))
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * 2 * Math.PI
      c.line(480 + Math.sin(a) * 56, 110 - Math.cos(a) * 56, 480 + Math.sin(a) * 76, 110 - Math.cos(a) * 76, 6, hex('#fff3b0'))
    }
  }
  return c.png()
}

/**
 * The forgetting curve: what is remembered falls quickly after a lesson (grey), while each spaced
 * review brings it back up and makes it fall more slowly (green). Axes, review marks, no text: the
 * block's alternative text and the surrounding lesson say what it shows.
 */
export function forgettingCurvePng(): Buffer {
  const w = 900
  const h = 500
  const c = new Canvas(w, h, WHITE)
  const left = 70
  const right = w - 30
  const top = 40
  const bottom = h - 60
  // Grid and axes.
  for (let i = 1; i <= 4; i++) c.line(left, bottom - ((bottom - top) * i) / 4, right, bottom - ((bottom - top) * i) / 4, 1, hex('#d0d7e1'))
  c.line(left, top - 10, left, bottom, 3, NAVY)
  c.line(left, bottom, right + 10, bottom, 3, NAVY)
  const days = 30
  const xOf = (d: number) => left + ((right - left) * d) / days
  const yOf = (r: number) => bottom - (bottom - top) * r
  // Without reviews: one steep fall.
  const plain: Array<[number, number]> = []
  for (let d = 0; d <= days; d += 0.25) plain.push([xOf(d), yOf(Math.exp(-d / 2.2) * 0.8 + 0.2 * Math.exp(-d / 40))])
  c.path(plain, 5, hex('#8d99ae'))
  // With reviews on days 1, 3, 7 and 16: each review restores memory and slows the next fall.
  const reviews = [0, 1, 3, 7, 16]
  const spaced: Array<[number, number]> = []
  for (let d = 0; d <= days; d += 0.25) {
    const k = reviews.filter((r) => r <= d).length - 1
    const since = d - reviews[k]
    spaced.push([xOf(d), yOf(Math.exp(-since / (2.2 * Math.pow(2.2, k))) * 0.85 + 0.15)])
  }
  c.path(spaced, 5, hex('#2a9d8f'))
  for (const r of reviews.slice(1)) {
    c.line(xOf(r), bottom, xOf(r), top, 2, hex('#2a9d8f'), 0.35)
    c.circle(xOf(r), yOf(1), 9, hex('#2a9d8f'))
  }
  return c.png()
}

/** The four steps of studying on Aula as a diagram with labels (SVG keeps the text sharp and readable). */
export function stepsSvg(): Buffer {
  const steps = [
    ['1', 'Elige un curso', 'en el catálogo'],
    ['2', 'Suscríbete', 'con un plan gratuito'],
    ['3', 'Estudia', 'bloque a bloque'],
    ['4', 'Aprueba y', 'obtén tu certificado'],
  ]
  const colours = ['#457b9d', '#2a9d8f', '#e9c46a', '#e76f51']
  const items = steps
    .map(([n, a, b], i) => {
      const x = 110 + i * 220
      const arrow = i < steps.length - 1 ? `<path d="M${x + 62} 120 H${x + 150}" stroke="#1d3557" stroke-width="4" marker-end="url(#head)"/>` : ''
      return `<circle cx="${x}" cy="120" r="56" fill="${colours[i]}"/><text x="${x}" y="136" font-size="46" font-weight="700" fill="${i === 2 ? '#1d3557' : '#fff'}" text-anchor="middle">${n}</text>
<text x="${x}" y="220" font-size="22" font-weight="700" fill="#1d3557" text-anchor="middle">${a}</text><text x="${x}" y="250" font-size="20" fill="#1d3557" text-anchor="middle">${b}</text>${arrow}`
    })
    .join('\n')
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="880" height="290" viewBox="0 0 880 290" font-family="DejaVu Sans, Arial, sans-serif" role="img">
<title>Los cuatro pasos para estudiar en Aula</title>
<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#1d3557"/></marker></defs>
<rect width="880" height="290" fill="#f8f9fb"/>
${items}
</svg>
`,
    'utf8',
  )
}

const backgrounds = new Map<string, Canvas>()

/** What every frame of a clip shares. */
function background(kind: 'steps' | 'pomodoro'): Canvas {
  let c = backgrounds.get(kind)
  if (!c) {
    c = new Canvas(640, 360, hex('#f8f9fb'))
    if (kind === 'pomodoro') c.circle(320, 170, 130, hex('#e3e7ee'), 1, 34)
    backgrounds.set(kind, c)
  }
  return c
}

/** One frame of the demo clips (640×360): `t` runs from 0 to 1 over the clip. */
export function frame(kind: 'steps' | 'pomodoro', t: number): Canvas {
  const c = background(kind).clone()
  if (kind === 'steps') {
    // Four steps light up in turn; the bar below fills as a course's progress does.
    const colours = ['#457b9d', '#2a9d8f', '#e9c46a', '#e76f51'].map(hex)
    const lit = t * 4
    for (let i = 0; i < 4; i++) {
      const x = 110 + i * 140
      if (i < 3) c.line(x + 40, 150, x + 100, 150, 6, NAVY, lit > i + 1 ? 1 : 0.2)
      const on = Math.max(0, Math.min(1, lit - i))
      c.circle(x, 150, 40, colours[i], 0.25 + 0.75 * on)
      if (on >= 1) c.circle(x, 150, 48, colours[i], 1, 4)
    }
    c.rect(80, 260, 480, 24, hex('#d0d7e1'), 1, 12)
    c.rect(80, 260, Math.max(24, 480 * t), 24, hex('#2a9d8f'), 1, 12)
  } else {
    // Four 25-minute focus blocks (red) with 5-minute breaks (green), the last break a long one.
    const plan: Array<[number, Rgb]> = [
      [25, hex('#e63946')],
      [5, hex('#2a9d8f')],
      [25, hex('#e63946')],
      [5, hex('#2a9d8f')],
      [25, hex('#e63946')],
      [5, hex('#2a9d8f')],
      [25, hex('#e63946')],
      [20, hex('#457b9d')],
    ]
    const total = plan.reduce((s, [m]) => s + m, 0)
    const now = t * total
    let start = 0
    let current = plan[0]
    for (const part of plan) {
      const end = start + part[0]
      const a0 = (start / total) * 2 * Math.PI
      const a1 = (Math.min(end, now) / total) * 2 * Math.PI
      if (now > start) c.arc(320, 170, 130, 34, a0, a1, part[1])
      if (now >= start && now < end) current = part
      start = end
    }
    c.circle(320, 170, 70, current[1], 0.9)
    const hand = (now / total) * 2 * Math.PI
    c.line(320, 170, 320 + Math.sin(hand) * 100, 170 - Math.cos(hand) * 100, 6, NAVY)
    c.circle(320, 170, 10, NAVY)
  }
  return c
}
