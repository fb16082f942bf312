import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material'
import { useId, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { ErrorDisplay } from '../ErrorDisplay'

export interface PanelFrameProps {
  /** The panel's heading, already translated. */
  title: string
  /** A line under the heading. */
  description?: string
  /** The heading's level (2 by default; 3 for panels under a section heading). */
  headingLevel?: 2 | 3 | 4
  /** True while the panel's data loads (told to assistive technology). */
  loading: boolean
  /** Controls beside the heading (view toggle, export…). */
  actions?: ReactNode
  children: ReactNode
}

/** The frame of every insights panel: an outlined section named by its heading, with optional controls. */
export function PanelFrame({ title, description, headingLevel = 2, loading, actions, children }: PanelFrameProps) {
  const headingId = useId()
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} aria-busy={loading} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', mb: actions ? 2 : 1 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Typography id={headingId} variant="h6" component={`h${headingLevel}`} sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions}
      </Stack>
      {children}
    </Paper>
  )
}

/** A panel's failed load: why (an `ApiError` shows the server's title and detail) and, with `onRetry`, a Retry button. */
export function PanelFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const translate = useTranslate()
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ alignSelf: 'stretch' }}>
        {error instanceof Error || typeof error === 'object' ? (
          <ErrorDisplay error={error} />
        ) : (
          <Alert severity="error">{translate('aula.charts.panel.error')}</Alert>
        )}
      </Box>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {translate('aula.charts.panel.retry')}
        </Button>
      )}
    </Stack>
  )
}
