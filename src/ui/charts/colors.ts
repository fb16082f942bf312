import { alpha, getContrastRatio, useTheme, type Theme } from '@mui/material/styles'
import type { CSSProperties } from 'react'

/**
 * Series colours tried after the theme's own primary and secondary, one list per mode: hues apart
 * from each other (blue, purple, rose, green, slate, cyan) so neighbouring series differ in more than
 * lightness, dark shades on light paper and light tints on dark paper.
 */
const EXTRA: Record<'light' | 'dark', string[]> = {
  light: ['#1d4ed8', '#7e22ce', '#be123c', '#15803d', '#475569', '#0e7490', '#a16207'],
  dark: ['#60a5fa', '#c084fc', '#fb7185', '#4ade80', '#cbd5e1', '#22d3ee', '#facc15'],
}

/** WCAG 2's minimum contrast for graphical objects (1.4.11). */
export const MIN_GRAPHIC_CONTRAST = 3

export interface ChartColors {
  /** Colours for series, in order of use, each at least 3:1 against the panel's background. */
  series: string[]
  /** Axis lines and tick labels. */
  axis: string
  /** Grid lines (decorative, faint on purpose). */
  grid: string
  /** The surface the chart is drawn on (the panel's paper). */
  background: string
  /** Style for recharts' `<Tooltip contentStyle>` so the tooltip follows the theme. */
  tooltip: CSSProperties
}

/** The chart colours of a theme (the hook's work, apart so tests can check both modes). */
export function chartColors(theme: Theme): ChartColors {
  const background = theme.palette.background.paper
  const candidates = [theme.palette.primary.main, theme.palette.secondary.main, ...EXTRA[theme.palette.mode]]
  const series = [...new Set(candidates)].filter((c) => getContrastRatio(c, background) >= MIN_GRAPHIC_CONTRAST)
  return {
    series,
    axis: theme.palette.text.secondary,
    grid: alpha(theme.palette.text.primary, 0.15),
    background,
    tooltip: {
      backgroundColor: background,
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: 8,
      color: theme.palette.text.primary,
    },
  }
}

/**
 * An accessible palette from the current theme (light or dark): use `series[i]` for the i-th line,
 * bar or slice, `axis` for `<XAxis stroke tick>` and `grid` for `<CartesianGrid stroke>`.
 */
export function useChartColors(): ChartColors {
  return chartColors(useTheme())
}
