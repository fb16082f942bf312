import { Box } from '@mui/material'
import type { ReactNode } from 'react'

/**
 * Lets a wide table scroll inside its card on a phone instead of widening the page. The region can
 * take the focus, so keyboard users can scroll it too.
 */
export function Scroll({ children, label, maxHeight }: { children: ReactNode; label?: string; maxHeight?: number }) {
  return (
    <Box
      tabIndex={0}
      role={label ? 'region' : undefined}
      aria-label={label}
      sx={{ overflowX: 'auto', maxWidth: '100%', maxHeight, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      {children}
    </Box>
  )
}
