import { LinearProgress } from '@mui/material'
import { Suspense, type ReactNode } from 'react'
import { Box } from '@mui/material'
import { ScreenErrorBoundary } from '../ErrorBoundary'
import { Footer } from '../Footer'

/** The page itself and the footer under it; `main-content` is where the skip link lands. */
export function ContentArea({ children }: { children: ReactNode }) {
  return (
    <>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <ScreenErrorBoundary>
          <Suspense fallback={<LinearProgress />}>{children}</Suspense>
        </ScreenErrorBoundary>
      </Box>
      <Footer />
    </>
  )
}
