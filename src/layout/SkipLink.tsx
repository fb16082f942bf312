import { Box } from '@mui/material'
import type { MouseEvent } from 'react'
import { useTranslate } from 'react-admin'

/** Where the skip link lands: the shell's main element (focusable with tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * The first stop of the keyboard: hidden until focused, then shown in the brand colour with white
 * text. Activating it moves focus into the main content (not only the scroll position), so the next
 * Tab continues from there.
 */
export function SkipLink() {
  const translate = useTranslate()
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID)
    if (!main) return
    event.preventDefault()
    main.focus()
    main.scrollIntoView?.()
  }
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.dark',
        color: '#ffffff',
        fontWeight: 600,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
      }}
    >
      {translate('aula.topbar.skipToContent')}
    </Box>
  )
}
