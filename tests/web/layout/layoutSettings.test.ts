import { describe, expect, it } from 'vitest'
import { applyLayoutChange, DEFAULT_LAYOUT_SETTINGS, normalize, type LayoutSettings } from '../../../src/layout/settings/layoutSettings'

const vertical: LayoutSettings = {
  ...DEFAULT_LAYOUT_SETTINGS,
  layoutType: 'vertical',
  topbarTheme: 'light',
  leftSideBarTheme: 'winter',
  leftSideBarThemeImage: 'img3',
  leftSideBarType: 'compact',
}

describe('layout settings (requirements §4)', () => {
  it('defaults to horizontal, fluid, dark sidebar, no image, default sidebar, colored topbar, no preloader', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      layoutType: 'horizontal',
      layoutWidth: 'fluid',
      leftSideBarTheme: 'dark',
      leftSideBarThemeImage: 'none',
      leftSideBarType: 'default',
      topbarTheme: 'colored',
      isPreloader: false,
    })
  })

  it('switching to horizontal forces a dark topbar and clears the sidebar attributes', () => {
    const next = applyLayoutChange(vertical, { layoutType: 'horizontal' })
    expect(next).toMatchObject({
      topbarTheme: 'dark',
      leftSideBarTheme: 'dark',
      leftSideBarThemeImage: 'none',
      leftSideBarType: 'default',
    })
  })

  it('switching to vertical forces a light topbar', () => {
    expect(applyLayoutChange(DEFAULT_LAYOUT_SETTINGS, { layoutType: 'vertical' }).topbarTheme).toBe('light')
  })

  it('boxed forces the icon sidebar; scrollable and fluid force the default one', () => {
    const boxed = applyLayoutChange(vertical, { layoutWidth: 'boxed' })
    expect(boxed.leftSideBarType).toBe('icon')
    expect(applyLayoutChange(boxed, { layoutWidth: 'scrollable' }).leftSideBarType).toBe('default')
    expect(applyLayoutChange(boxed, { layoutWidth: 'fluid' }).leftSideBarType).toBe('default')
  })

  it('a boxed width still gives the icon sidebar when the layout turns vertical', () => {
    const boxedHorizontal = applyLayoutChange(DEFAULT_LAYOUT_SETTINGS, { layoutWidth: 'boxed' })
    expect(applyLayoutChange(boxedHorizontal, { layoutType: 'vertical' }).leftSideBarType).toBe('icon')
  })

  it('refuses a colored topbar in the vertical layout and unknown stored values', () => {
    expect(applyLayoutChange(vertical, { topbarTheme: 'colored' }).topbarTheme).toBe('light')
    expect(normalize({ layoutType: 'diagonal', layoutWidth: 'boxed', isPreloader: 'yes' })).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      layoutWidth: 'boxed',
    })
  })
})
