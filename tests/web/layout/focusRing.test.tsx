import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, createTheme, getContrastRatio, ThemeProvider, type ThemeOptions } from '@mui/material'
import { describe, expect, it } from 'vitest'
import { darkTheme, lightTheme } from '../../../src/layout/theme/theme'

/** The colour a CSS colour value stands for on `el` (currentColor is the element's text colour). */
function colour(value: string, el: HTMLElement): string {
  return /^currentcolor$/i.test(value.trim()) ? getComputedStyle(el).color : value.trim()
}

/**
 * The keyboard focus ring of a filled button (the player's Next, every form's submit): its outer ring
 * stands out from the page around it and its inner ring from the button's own fill, at least 3:1 each
 * (WCAG 2.4.13, 1.4.11), in both themes.
 */
describe('focus ring of a filled button', () => {
  it.each([
    ['light', 'primary'],
    ['light', 'secondary'],
    ['dark', 'primary'],
  ] as const)('%s theme, %s colour', async (mode, color) => {
    const theme = createTheme((mode === 'light' ? lightTheme : darkTheme) as ThemeOptions)
    render(
      <ThemeProvider theme={theme}>
        <Button variant="contained" color={color}>
          Next
        </Button>
      </ThemeProvider>,
    )
    await userEvent.setup().tab()
    const button = screen.getByRole('button', { name: 'Next' })
    expect(button).toHaveFocus()
    const style = getComputedStyle(button)
    const outline = /^(\d+(?:\.\d+)?)px solid (.+)$/.exec(style.outline.trim())
    expect(outline, `outline: ${style.outline}`).not.toBeNull()
    const outer = colour(outline![2], button)
    // The ring stands off the fill (outline-offset), with the gap filled by an inner ring (box-shadow).
    const offset = parseFloat(style.outlineOffset)
    const inner = /^0(?:px)? 0(?:px)? 0(?:px)? (\d+(?:\.\d+)?)px (.+)$/.exec(style.boxShadow.trim())
    expect(inner, `box-shadow: ${style.boxShadow}`).not.toBeNull()
    expect(Number(inner![1])).toBeGreaterThanOrEqual(offset)
    const fill = theme.palette[color].main
    for (const page of [theme.palette.background.default, theme.palette.background.paper]) {
      expect(getContrastRatio(outer, page), `outer ring ${outer} on the page ${page}`).toBeGreaterThanOrEqual(3)
    }
    expect(getContrastRatio(colour(inner![2], button), fill), `inner ring ${inner![2]} on the fill ${fill}`).toBeGreaterThanOrEqual(3)
    expect(getContrastRatio(outer, colour(inner![2], button)), 'the two rings apart').toBeGreaterThanOrEqual(3)
  })
})
