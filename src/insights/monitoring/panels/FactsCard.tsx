import { Box, LinearProgress, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { PanelFailure, PanelFrame, useChartData, useChartLocale } from '../../../ui/charts'

/** A text of the card's own (`<texts>.<key>`), with its values. */
type Label = (key: string, values?: Record<string, unknown>) => string

export interface FactsCardProps<T> {
  /** Where the card's texts live: its title is `<texts>.title`. */
  texts: string
  /** The call that measures the facts. */
  load: () => Promise<T>
  /** The screen's Refresh count: a new value measures again. */
  round: number
  /** The label/value pairs of an answer. */
  facts: (data: T, label: Label, locale: string) => Array<[string, ReactNode]>
}

/** A titled box of label/value facts (server, storage), with the loading and error states of its load. */
export function FactsCard<T>({ texts, load, round, facts }: FactsCardProps<T>) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { data, panel } = useChartData(load, [texts], { round })
  const label: Label = (key, values) => translate(`${texts}.${key}`, values)
  return (
    <PanelFrame title={label('title')} loading={panel.loading}>
      {panel.error ? (
        <PanelFailure error={panel.error} onRetry={panel.onRetry} />
      ) : panel.loading || data === undefined ? (
        <LinearProgress aria-label={translate('aula.charts.panel.loading')} />
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
          {facts(data, label, locale).map(([name, value]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {name}
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
