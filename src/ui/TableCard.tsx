import { Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Scroll } from './Scroll'

export interface TableCardProps<Row> {
  /** The card's heading (a level-2 title). */
  title: string
  /** Shown instead of the table when the load failed (an alert, perhaps with a way to try again). */
  failure?: ReactNode
  /** The rows; `undefined` while the first answer is awaited (a progress bar stands in). */
  rows: readonly Row[] | undefined
  /** The progress bar's name for screen readers; without one it is hidden from them. */
  loadingLabel?: string
  /** Said when there are no rows. */
  empty: string
  /** The column headings, in order. */
  columns: readonly string[]
  rowKey: (row: Row) => string
  /** One row's cells (`TableCell`s, one a column). */
  cells: (row: Row) => ReactNode
  /** Names the table's scroll region for screen readers. */
  scrollLabel?: string
  /** Below the table or the empty text, whatever was shown: a "more" button, say. */
  footer?: ReactNode
}

/**
 * A titled card holding a small table loaded from the server, with the same four states everywhere:
 * the failure, a progress bar until the first answer, a line when there is nothing, else the table
 * (scrolling inside the card on a phone).
 */
export function TableCard<Row>({ title, failure, rows, loadingLabel, empty, columns, rowKey, cells, scrollLabel, footer }: TableCardProps<Row>) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {failure ? (
          failure
        ) : !rows ? (
          loadingLabel ? (
            <LinearProgress aria-label={loadingLabel} />
          ) : (
            <LinearProgress aria-hidden="true" />
          )
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Scroll label={scrollLabel}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((label, i) => (
                    <TableCell key={i}>{label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)}>{cells(row)}</TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        )}
        {footer}
      </CardContent>
    </Card>
  )
}
