import type { RaThemeOptions } from 'react-admin'
import type { Theme } from '@mui/material/styles'

/** Aula's look: deep teal with a warm amber accent, soft rounded surfaces. */
const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 600 },
    h4: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 248, closedWidth: 72 },
  components: {
    // A subtitle is a line of text unless a screen makes it a heading (component="h3"): MUI's own mapping
    // writes subtitles as <h6>, a heading out of the page's outline (axe heading-order).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // A visible focus ring on everything the keyboard reaches, in the item's own text colour so it shows
    // on light, dark and coloured bars alike; it comes on top of the active item's highlight, so an
    // active item with focus differs from one without.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } } } },
    // Items inside menus and lists draw the ring inside their edge, where the menu cannot clip it.
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiCssBaseline: { styleOverrides: { 'a:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2, borderRadius: 2 } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        // A filled button's text colour is the page's own (white on teal), so the ring above would vanish
        // against the page. Its ring is two-tone instead: the page's colour hugging the fill, then the
        // text colour outside it, each at least 3:1 against what it borders (WCAG 2.4.13, 1.4.11).
        contained: ({ theme }: { theme: Theme }) => ({
          '&&.Mui-focusVisible': {
            outline: `2px solid ${theme.palette.text.primary}`,
            outlineOffset: 2,
            boxShadow: `0 0 0 2px ${theme.palette.background.paper}`,
          },
        }),
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
}

export const lightTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#ffffff' },
    secondary: { main: '#d97706', contrastText: '#ffffff' },
    // MUI's orange (#ed6c02) gives white text 3.1:1; this amber gives 5:1, on a chip and as text on the page.
    warning: { main: '#b45309', contrastText: '#ffffff' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
    text: { primary: '#1e293b', secondary: '#55627a' },
  },
}

export const darkTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#2dd4bf', light: '#5eead4', dark: '#0f766e', contrastText: '#042f2e' },
    secondary: { main: '#fbbf24', contrastText: '#1f1300' },
    background: { default: '#0f172a', paper: '#1e293b' },
    text: { primary: '#e2e8f0', secondary: '#a3b1c6' },
  },
}
