import { Box } from '@mui/material'
import type { ReactNode } from 'react'

/** Lets a wide table scroll inside its card on a phone instead of widening the page. */
export function Scroll({ children }: { children: ReactNode }) {
  return <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>{children}</Box>
}
