/**
 * The layout settings of requirements §3 that a person chooses (the rest of §3's list — right panel open,
 * mobile, sidebar shown — is view state, not a choice) and the forced combinations of requirements §4.
 */
export const LAYOUT_TYPES = ['vertical', 'horizontal'] as const
export const LAYOUT_WIDTHS = ['fluid', 'boxed', 'scrollable'] as const
export const TOPBAR_THEMES = ['light', 'dark', 'colored'] as const
export const SIDEBAR_TYPES = ['default', 'compact', 'icon'] as const
export const SIDEBAR_THEMES = ['light', 'dark', 'colored', 'winter', 'ladylip', 'plumplate', 'strongbliss', 'greatwhale'] as const
export const SIDEBAR_IMAGES = ['none', 'img1', 'img2', 'img3', 'img4'] as const

export type LayoutType = (typeof LAYOUT_TYPES)[number]
export type LayoutWidth = (typeof LAYOUT_WIDTHS)[number]
export type TopbarTheme = (typeof TOPBAR_THEMES)[number]
export type SidebarType = (typeof SIDEBAR_TYPES)[number]
export type SidebarTheme = (typeof SIDEBAR_THEMES)[number]
export type SidebarImage = (typeof SIDEBAR_IMAGES)[number]

export interface LayoutSettings {
  layoutType: LayoutType
  layoutWidth: LayoutWidth
  topbarTheme: TopbarTheme
  leftSideBarType: SidebarType
  leftSideBarTheme: SidebarTheme
  leftSideBarThemeImage: SidebarImage
  isPreloader: boolean
}

/** Requirements §4's defaults. */
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  layoutType: 'horizontal',
  layoutWidth: 'fluid',
  topbarTheme: 'colored',
  leftSideBarType: 'default',
  leftSideBarTheme: 'dark',
  leftSideBarThemeImage: 'none',
  isPreloader: false,
}

/** The sidebar attributes as they are when cleared (the horizontal layout has no sidebar). */
const CLEARED_SIDEBAR = {
  leftSideBarType: DEFAULT_LAYOUT_SETTINGS.leftSideBarType,
  leftSideBarTheme: DEFAULT_LAYOUT_SETTINGS.leftSideBarTheme,
  leftSideBarThemeImage: DEFAULT_LAYOUT_SETTINGS.leftSideBarThemeImage,
} as const

/** The sidebar type a width forces (§4): boxed → icon; scrollable and fluid → default. */
export const sidebarTypeForWidth = (width: LayoutWidth): SidebarType => (width === 'boxed' ? 'icon' : 'default')

/** Whether a topbar theme may be chosen in a layout (§2: colored only in horizontal). */
export const topbarThemeAllowed = (theme: TopbarTheme, layout: LayoutType) => theme !== 'colored' || layout === 'horizontal'

/**
 * Applies one change and the combinations requirements §4 forces with it:
 * horizontal → dark topbar and cleared sidebar attributes; vertical → light topbar (and the sidebar
 * type the width asks for); boxed → icon sidebar; scrollable or fluid → default sidebar.
 */
export function applyLayoutChange(current: LayoutSettings, change: Partial<LayoutSettings>): LayoutSettings {
  let next: LayoutSettings = { ...current, ...change }
  if (change.layoutType === 'horizontal' && current.layoutType !== 'horizontal') {
    next = { ...next, ...CLEARED_SIDEBAR, topbarTheme: 'dark' }
  }
  if (change.layoutType === 'vertical' && current.layoutType !== 'vertical') {
    next = { ...next, topbarTheme: 'light', leftSideBarType: sidebarTypeForWidth(next.layoutWidth) }
  }
  if (change.layoutWidth && next.layoutType === 'vertical') {
    next = { ...next, leftSideBarType: sidebarTypeForWidth(change.layoutWidth) }
  }
  return normalize(next)
}

/** Keeps the invariants whatever was stored: known values only, no colored topbar in vertical, no sidebar in horizontal. */
export function normalize(raw: Partial<Record<keyof LayoutSettings, unknown>>): LayoutSettings {
  const pick = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback)
  const d = DEFAULT_LAYOUT_SETTINGS
  const layoutType = pick(LAYOUT_TYPES, raw.layoutType, d.layoutType)
  const settings: LayoutSettings = {
    layoutType,
    layoutWidth: pick(LAYOUT_WIDTHS, raw.layoutWidth, d.layoutWidth),
    topbarTheme: pick(TOPBAR_THEMES, raw.topbarTheme, d.topbarTheme),
    leftSideBarType: pick(SIDEBAR_TYPES, raw.leftSideBarType, d.leftSideBarType),
    leftSideBarTheme: pick(SIDEBAR_THEMES, raw.leftSideBarTheme, d.leftSideBarTheme),
    leftSideBarThemeImage: pick(SIDEBAR_IMAGES, raw.leftSideBarThemeImage, d.leftSideBarThemeImage),
    isPreloader: typeof raw.isPreloader === 'boolean' ? raw.isPreloader : d.isPreloader,
  }
  if (!topbarThemeAllowed(settings.topbarTheme, layoutType)) settings.topbarTheme = 'light'
  return layoutType === 'horizontal' ? { ...settings, ...CLEARED_SIDEBAR } : settings
}
