import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** What an admin list shows when nothing matches (instead of react-admin's create invitation). */
export function EmptyList({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {message}
      </Typography>
      {action}
    </Box>
  )
}
