import { Box, LinearProgress, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { PanelFailure, PanelFrame, type PanelState } from '../../common'

/** A titled box of label/value facts (server, storage), with the loading and error states of its load. */
export function FactsCard({ title, loading, error, onRetry, facts }: PanelState & { title: string; facts: Array<[string, ReactNode]> }) {
  const translate = useTranslate()
  return (
    <PanelFrame title={title} loading={loading}>
      {error ? (
        <PanelFailure error={error} onRetry={onRetry} />
      ) : loading ? (
        <LinearProgress aria-label={translate('aula.charts.panel.loading')} />
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </PanelFrame>
  )
}
