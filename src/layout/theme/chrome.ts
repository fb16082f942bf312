import type { SidebarImage, SidebarTheme, TopbarTheme } from '../settings/layoutSettings'

/** The colours of one piece of chrome (top bar or sidebar). */
export interface ChromeColours {
  background: string
  text: string
  muted: string
  hover: string
  active: string
}

const darkText = { text: '#1e293b', muted: '#55627a', hover: 'rgba(15, 118, 110, 0.08)', active: '#0f766e' }
const lightText = { text: '#f8fafc', muted: 'rgba(248, 250, 252, 0.78)', hover: 'rgba(255, 255, 255, 0.12)', active: '#ffffff' }

export const topbarColours: Record<TopbarTheme, ChromeColours> = {
  light: { background: '#ffffff', ...darkText },
  dark: { background: '#1f2937', ...lightText, active: '#5eead4' },
  colored: { background: 'linear-gradient(90deg, #0f766e 0%, #0e7490 100%)', ...lightText },
}

/** Sidebar palettes: two plain, one in the brand colour and five gradients of our own. */
export const sidebarColours: Record<SidebarTheme, ChromeColours> = {
  light: { background: '#ffffff', ...darkText },
  dark: { background: '#1f2937', ...lightText, active: '#5eead4' },
  colored: { background: '#0f766e', ...lightText },
  winter: { background: 'linear-gradient(180deg, #1e3a5f 0%, #3b82a6 100%)', ...lightText },
  ladylip: { background: 'linear-gradient(180deg, #9d174d 0%, #e8798f 100%)', ...lightText },
  plumplate: { background: 'linear-gradient(180deg, #4c1d95 0%, #7c6fd6 100%)', ...lightText },
  strongbliss: { background: 'linear-gradient(180deg, #7c2d12 0%, #c2416b 55%, #6d28d9 100%)', ...lightText },
  greatwhale: { background: 'linear-gradient(180deg, #0c4a6e 0%, #4f7fd1 100%)', ...lightText },
}

/**
 * The four sidebar "images", drawn as CSS patterns laid over the sidebar colour:
 * diagonal lines, a dot grid, soft hills and a square grid.
 */
export const sidebarPatterns: Record<Exclude<SidebarImage, 'none'>, string> = {
  img1: 'repeating-linear-gradient(135deg, rgba(255,255,255,0.07) 0 2px, transparent 2px 14px)',
  img2: 'radial-gradient(rgba(255,255,255,0.16) 1.5px, transparent 1.6px) 0 0 / 16px 16px',
  img3:
    'radial-gradient(120% 40% at 20% 100%, rgba(255,255,255,0.16) 0 60%, transparent 61%), ' +
    'radial-gradient(110% 30% at 90% 100%, rgba(255,255,255,0.10) 0 60%, transparent 61%)',
  img4:
    'linear-gradient(rgba(255,255,255,0.07) 1px, transparent 1px) 0 0 / 22px 22px, ' +
    'linear-gradient(90deg, rgba(255,255,255,0.07) 1px, transparent 1px) 0 0 / 22px 22px',
}

/** The CSS background of a sidebar: its pattern (if any) over its colour. */
export function sidebarBackground(theme: SidebarTheme, image: SidebarImage): string {
  const base = sidebarColours[theme].background
  if (image === 'none') return base
  const pattern = theme === 'light' ? sidebarPatterns[image].replaceAll('255,255,255', '15,23,42') : sidebarPatterns[image]
  return `${pattern}, ${base}`
}
