import { Card, CardContent, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** A titled card of label/value lines (a description list), as the detail screens show an object. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <dl style={{ margin: 0 }}>{children}</dl>
      </CardContent>
    </Card>
  )
}

/** One label and its value inside a `Section`. */
export function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </>
  )
}
