import DownloadIcon from '@mui/icons-material/Download'
import {
  Box,
  Button,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useState, type ReactElement } from 'react'
import { useTranslate } from 'react-admin'
import { ResponsiveContainer } from 'recharts'
import { downloadCsv, toCsv } from './csv'
import { formatNumber, useChartLocale } from './format'
import { PanelFailure, PanelFrame } from './PanelFrame'
import type { ChartColumn, ChartRow } from './types'

export interface ChartPanelProps {
  /** The panel's heading, already translated. */
  title: string
  /** A line under the heading (what is counted, the unit…). */
  description?: string
  /** True while the data loads: a skeleton stands in for the chart. */
  loading: boolean
  /** The load's failure, if it failed (an `ApiError` shows the server's title and detail). */
  error?: unknown
  /** Called by the error's "Retry" button; without it the button is not shown. */
  onRetry?: () => void
  /** True when the period has no data: a short text replaces the chart. Defaults to `rows.length === 0`. */
  empty?: boolean
  /** The data behind the chart, for the table view and the CSV. */
  rows: ChartRow[]
  /** The columns of the table view and of the CSV, in order. */
  columns: ChartColumn[]
  /** The CSV file's name, without `.csv`. */
  csvName: string
  /** The heading's level (2 by default; 3 for panels under a section heading). */
  headingLevel?: 2 | 3 | 4
  /** The chart's height in pixels (the width follows the panel). */
  height?: number
  /** The recharts chart (`<LineChart>`, `<BarChart>`…), sized by a `ResponsiveContainer`. */
  children: ReactElement
}

type View = 'chart' | 'table'

/**
 * A titled panel around a recharts chart with the data behind it: a Chart / Table toggle (the table is
 * the chart's text alternative), CSV export, and the loading, error and empty states.
 */
export function ChartPanel(props: ChartPanelProps) {
  const { title, description, loading, error, onRetry, rows, columns, csvName, headingLevel = 2, height = 300, children } = props
  const translate = useTranslate()
  const locale = useChartLocale()
  const [view, setView] = useState<View>('chart')
  const empty = props.empty ?? rows.length === 0
  const failed = error !== undefined && error !== null && error !== false
  const hasData = !loading && !failed && !empty

  const show = (column: ChartColumn, value: string | number | null) => {
    if (column.format) return column.format(value)
    if (value === null) return '—'
    return typeof value === 'number' ? formatNumber(value, locale) : value
  }
  // Columns of numbers line up on the right, as in a spreadsheet.
  const numeric = (column: ChartColumn) =>
    rows.some((r) => typeof r[column.key] === 'number') && rows.every((r) => r[column.key] === null || typeof r[column.key] === 'number')

  let body
  if (loading) {
    body = (
      <Box role="status" aria-label={translate('aula.charts.panel.loading')}>
        <Skeleton variant="rounded" height={height} />
      </Box>
    )
  } else if (failed) {
    body = <PanelFailure error={error} onRetry={onRetry} />
  } else if (empty) {
    body = (
      <Box sx={{ minHeight: Math.min(height, 160), display: 'grid', placeItems: 'center', textAlign: 'center', color: 'text.secondary', px: 2 }}>
        <Typography>{translate('aula.charts.panel.empty')}</Typography>
      </Box>
    )
  } else if (view === 'chart') {
    body = (
      <Box role="figure" aria-label={translate('aula.charts.panel.chartOf', { title })} sx={{ width: '100%', minWidth: 0, height }}>
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          {children}
        </ResponsiveContainer>
      </Box>
    )
  } else {
    body = (
      <TableContainer
        sx={{ maxHeight: Math.max(height, 320), overflow: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={translate('aula.charts.panel.tableOf', { title })}
      >
        <Table size="small" stickyHeader>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>{title}</caption>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} scope="col" align={numeric(c) ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={i}>
                {columns.map((c, j) => (
                  <TableCell
                    key={c.key}
                    component={j === 0 ? 'th' : 'td'}
                    scope={j === 0 ? 'row' : undefined}
                    align={numeric(c) ? 'right' : 'left'}
                    // Dates and amounts stay on one line; long names may wrap.
                    sx={{ whiteSpace: j === 0 || numeric(c) ? 'nowrap' : undefined }}
                  >
                    {show(c, row[c.key] ?? null)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    )
  }

  return (
    <PanelFrame
      title={title}
      description={description}
      headingLevel={headingLevel}
      loading={loading}
      actions={
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: View | null) => next && setView(next)}
            aria-label={translate('aula.charts.panel.view')}
            disabled={!hasData}
          >
            <ToggleButton value="chart">{translate('aula.charts.panel.chart')}</ToggleButton>
            <ToggleButton value="table">{translate('aula.charts.panel.table')}</ToggleButton>
          </ToggleButtonGroup>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!hasData}
            aria-label={translate('aula.charts.panel.exportCsvOf', { title })}
            onClick={() => downloadCsv(csvName, toCsv(rows, columns))}
          >
            {translate('aula.charts.panel.exportCsv')}
          </Button>
        </Stack>
      }
    >
      {body}
    </PanelFrame>
  )
}
